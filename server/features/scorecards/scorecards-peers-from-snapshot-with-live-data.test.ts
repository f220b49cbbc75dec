import { describe, expect, it } from 'vitest';
import { createUniverseRead, type MarketService } from '../market/index.ts';
import { createScorecardsService } from './scorecards-service.ts';

describe('sector peers: the shared universe read with the bundled snapshot, the snapshot itself with live data', () => {
  /** A market in `mode` that counts its universe walks and snapshot reads; both hold no companies. */
  function countingMarket(mode: 'bundled' | 'live') {
    const counts = { walks: 0, snapshotReads: 0 };
    const market = {
      mode,
      dataAsOf: () => '2026-07-02',
      listUniverse: async () => {
        counts.walks++;
        return [];
      },
      getSnapshotUniverse: async () => {
        counts.snapshotReads++;
        return [];
      },
    } as unknown as MarketService;
    return { market, counts };
  }

  it('live: 1 snapshot read and 0 walks (a first scorecards request never waits for a live walk of every symbol)', async () => {
    const { market, counts } = countingMarket('live');
    expect(await createScorecardsService({ market, universe: createUniverseRead(market) }).loadPeerScores()).toEqual([]);
    expect(counts).toEqual({ walks: 0, snapshotReads: 1 });
  });

  it('bundled: 1 walk of the shared read and 0 separate snapshot reads', async () => {
    const { market, counts } = countingMarket('bundled');
    expect(await createScorecardsService({ market, universe: createUniverseRead(market) }).loadPeerScores()).toEqual([]);
    expect(counts).toEqual({ walks: 1, snapshotReads: 0 });
  });
});
