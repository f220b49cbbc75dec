import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { createLogger } from '../../lib/logger.ts';
import type { MarketService, UniverseRead } from '../market/index.ts';
import { createScorecardsFeature } from './index.ts';

/** A bundled market and a universe read that counts its readers (no companies: the scoring itself is not the point). */
function setUp(vars: Record<string, string>, mode: 'bundled' | 'live' = 'bundled') {
  const reads = { count: 0 };
  const universe: UniverseRead = {
    read: async () => {
      reads.count++;
      return [];
    },
  };
  const market = { mode, dataAsOf: () => '2026-07-02', getSnapshotUniverse: async () => [] } as unknown as MarketService;
  const ctx = { env: parseEnv({ NODE_ENV: 'test', ...vars }), logger: createLogger('silent') } as unknown as AppContext;
  return { feature: createScorecardsFeature(ctx, { market, universe }), reads };
}

describe('the sector peers at start: scored from the screener warm-up’s walk, so the walk can be let go', () => {
  afterEach(() => vi.useRealTimers());

  it('warm-up on: 1 s after warm() the universe is read once (the screener’s walk, 1 s after start, is its other reader)', async () => {
    vi.useFakeTimers();
    const { feature, reads } = setUp({ SCREENER_WARM_UP: 'true' });
    await feature.warm!();
    await vi.advanceTimersByTimeAsync(999);
    expect(reads.count).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads.count).toBe(1);
    await feature.stop!();
  });

  it('warm-up off (tests, SCREENER_WARM_UP=false) or live data (peers from the snapshot): nothing read at start', async () => {
    vi.useFakeTimers();
    for (const { feature, reads } of [setUp({}), setUp({ SCREENER_WARM_UP: 'true' }, 'live')]) {
      await feature.warm!();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(reads.count).toBe(0);
    }
  });

  it('stopped before the second: nothing read', async () => {
    vi.useFakeTimers();
    const { feature, reads } = setUp({ SCREENER_WARM_UP: 'true' });
    await feature.warm!();
    await feature.stop!();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reads.count).toBe(0);
  });
});
