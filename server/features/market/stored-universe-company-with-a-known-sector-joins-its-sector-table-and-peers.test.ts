import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createBundledProvider } from '../../adapters/market-data/bundled/index.ts';
import { findBundledDataDir } from '../../adapters/market-data/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { createListingsStore } from './listings-store.ts';
import { createMarketDataStore } from './market-data-store.ts';
import { createMarketService } from './market-service.ts';
import { storeListedCompany } from '../../test/stored-company-kit.ts';
import { createSecFactsStore } from './sec-facts-store.ts';
import { withStoredFundamentals } from './stored-fundamentals.ts';
import { createStoredListings } from './stored-listings.ts';
import { buildStoredSectorTable } from './stored-sector-table.ts';
import { createStoredSnapshot } from './stored-snapshot.ts';
import { withStoredUniverse } from './stored-universe.ts';
import { createUniverseRead } from './universe-read.ts';

/**
 * No source names a sector for a listing only the store has yet (buildListingProfile: null). Once its profile has one
 * — here the profile the snapshot's side answers for QZTK says KO's sector — the stored company (KO's statements, 300
 * bars at +0.1 % a day from $20.00) is one more company of that sector in the per-day sector table, and is among the
 * universe entries the scorecards' sector peers are scored from.
 */
describeEachDatabase('stored universe: a stored company whose sector is known joins its sector’s table and peers', (kind) => {
  let db: Database;
  const now = () => new Date('2026-07-06T14:00:00Z');
  const bundled = createBundledProvider(findBundledDataDir(process.cwd()));

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await storeListedCompany(db, { symbol: 'QZTK', name: 'Quartzkite Therapeutics Inc', cik: '0002012345', statementsOf: 'KO' }, now());
  });
  afterAll(async () => db?.close());

  it('QZTK with KO’s sector: that sector counts one company more than the snapshot’s universe alone gives, every other sector the same; the universe read has it with its sector', async () => {
    const sector = (await bundled.getProfile!('KO'))!.sector!;
    const store = createMarketDataStore(db);
    const sec = createSecFactsStore(db);
    const listings = createListingsStore(db);
    const inner = createStoredListings(withStoredFundamentals(createStoredSnapshot(bundled, store, now), sec, now), { listings, market: store, now });
    const knowing = {
      ...inner,
      getProfile: async (s: string) => {
        const p = await inner.getProfile!(s);
        return s === 'QZTK' && p ? { ...p, sector } : p;
      },
    };
    const snapshot = withStoredUniverse(knowing, { listings, market: store, sec, now });

    const table = (await snapshot.getSectorTable())!;
    const without = buildStoredSectorTable(await bundled.getUniverse(), await bundled.listCovered(), await bundled.getHistory!('SPY', 'max'), '2026-07-02');
    expect(table.sectors[sector]!.companies).toBe(without.sectors[sector]!.companies + 1);
    for (const [name, s] of Object.entries(without.sectors)) if (name !== sector) expect(table.sectors[name]!.companies, name).toBe(s.companies);

    const market = createMarketService({
      bundled: snapshot,
      live: [],
      cache: null,
      logger: createLogger('silent'),
      readStoredUniverse: snapshot.readStoredUniverse,
      readUniverseVersion: snapshot.readUniverseVersion,
    });
    const entries = await createUniverseRead(market, now).read();
    // What the scorecards score as peers: stocks with statements, by sector.
    const peers = entries.filter((e) => e.profile.type === 'stock' && e.fundamentals && e.profile.sector === sector).map((e) => e.profile.symbol);
    expect(peers).toContain('QZTK');
    expect(peers).toContain('KO');
  });
});
