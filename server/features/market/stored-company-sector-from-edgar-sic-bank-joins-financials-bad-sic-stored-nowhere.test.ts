import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { classifyCompany } from '../../../core/analysis/fundamentals/company-class.ts';
import type { Database } from '../../adapters/db/index.ts';
import { createBundledProvider } from '../../adapters/market-data/bundled/index.ts';
import { findBundledDataDir } from '../../adapters/market-data/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { storeListedCompany } from '../../test/stored-company-kit.ts';
import { createTestDatabase, describeEachDatabase, readTestDatabaseUrl } from '../../test/db.ts';
import { type FakeMarketVendor, startFakeMarketVendor } from '../../test/fake-market-vendor.ts';
import { createSecEdgarClient } from '../../test/sec-test-kit.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import { createListingsStore } from './listings-store.ts';
import { buildStoredSectorTable } from './stored-sector-table.ts';
import { createUniverseRead } from './universe-read.ts';

const BANK = { symbol: 'QZBK', cik: '0002012345', name: 'Quartzbank Holdings Inc' };
const ODD = { symbol: 'QZOD', cik: '0002012346', name: 'Quartzodd Industries Inc' };
const only = { only: new Set([BANK.symbol, ODD.symbol]) };

/** EDGAR's submissions answer for a filer: its SIC and one 10-K filed before the snapshot's fundamentals date (nothing new). */
const submissions = (cik: string, sic: unknown, sicDescription: string) => ({
  cik: String(Number(cik)),
  entityType: 'operating',
  sic,
  sicDescription,
  filings: { recent: { accessionNumber: [`${cik}-26-000004`], form: ['10-K'], filingDate: ['2026-02-20'], reportDate: ['2025-12-31'] } },
});

/**
 * Two companies only the store has (listings from the price vendor, 300 stored bars from $20.00 at +0.1 % a day, JPM's
 * statements under their own symbols): Quartzbank, whose EDGAR submissions say SIC 6022 "STATE COMMERCIAL BANKS", and
 * Quartzodd, whose submissions carry a SIC that is not a code ("60-2"). The sec-filings cycle reads the SIC from the
 * submissions it asks for anyway (no request of its own), and the store-only profile takes its sector from it.
 */
describeEachDatabase(
  "a store-only company's sector from EDGAR's SIC: a bank is Financials, joins that sector's table and peers; a bad SIC is stored nowhere",
  (kind) => {
    let db: Database;
    let fake: FakeMarketVendor;
    let clock = new Date('2026-07-31T15:00:00Z');
    const now = () => clock;
    let worker: MarketFeature;
    /**
     * A web process on the same database: no EDGAR client; it learns of the stored SIC within a minute. On PostgreSQL
     * it builds the universe (and so the sector table) on a worker thread with its own connection, as production does.
     */
    let web: MarketFeature;
    const bundled = createBundledProvider(findBundledDataDir(process.cwd()));
    const readCompanies = () =>
      db.query<Record<string, unknown>>(sql`SELECT cik, sic, sic_description, updated_at::text AS updated_at FROM market_sec_companies ORDER BY cik`);

    beforeAll(async () => {
      db = await createTestDatabase(kind);
      for (const c of [BANK, ODD]) await storeListedCompany(db, { ...c, statementsOf: 'JPM' }, now());
      fake = await startFakeMarketVendor();
      fake.sec.submissions.set(BANK.cik, submissions(BANK.cik, '6022', 'STATE COMMERCIAL BANKS'));
      fake.sec.submissions.set(ODD.cik, submissions(ODD.cik, '60-2', 'MADE UP'));
      const ctx = (env: Record<string, string> = {}): AppContext => ({
        env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000', ...env }),
        db,
        logger: createLogger('silent'),
        appRoot: findAppRoot(),
        now,
      });
      worker = createMarketFeature(ctx(), { ingestVendor: null, listingsVendor: null, secClient: createSecEdgarClient(fake.url) });
      const url = readTestDatabaseUrl(db);
      web = createMarketFeature(ctx(url ? { DATABASE_URL: url } : {}), { ingestVendor: null, listingsVendor: null, secClient: null });
    });
    afterAll(async () => {
      await web?.stop?.();
      await fake?.close();
      await db?.close();
    });

    let financialsBefore: number;
    it('before any cycle: the listing alone names no sector, industry or SIC, so SIC-less Quartzbank is not a bank and no sector table counts it', async () => {
      for (const process of [worker, web]) {
        const p = await process.market.getProfile(BANK.symbol);
        expect(p).toMatchObject({ symbol: BANK.symbol, sector: null, industry: null, sic_description: null, cik: BANK.cik });
        expect(classifyCompany({ sector: p.sector, industry: p.industry, sicDescription: p.sic_description })).toBe('non_manufacturer');
      }
      financialsBefore = (await web.market.getSectorTable())!.sectors.Financials!.companies;
    });

    it('a cycle stores Quartzbank\'s SIC 6022 (one submissions request a filer, no companyfacts) and refuses Quartzodd\'s "60-2": nothing stored for it', async () => {
      const cycle = await worker.secIngest!.refresh(only);
      expect(cycle.filers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ symbol: BANK.symbol, outcome: 'up to date', industry: 'stored' }),
          expect.objectContaining({ symbol: ODD.symbol, outcome: 'up to date', industry: 'refused' }),
        ]),
      );
      expect(cycle.industries).toBe(1);
      expect(fake.requests.map((r) => r.path).sort()).toEqual([`/submissions/CIK${BANK.cik}.json`, `/submissions/CIK${ODD.cik}.json`]);
      expect(await readCompanies()).toEqual([{ cik: BANK.cik, sic: '6022', sic_description: 'STATE COMMERCIAL BANKS', updated_at: expect.any(String) }]);
    });

    it('Quartzbank’s profile: sector Financials (SIC 6022), industry and SIC description "STATE COMMERCIAL BANKS", classified a bank; Quartzodd keeps no sector', async () => {
      const p = await worker.market.getProfile(BANK.symbol);
      expect(p).toMatchObject({ sector: 'Financials', industry: 'STATE COMMERCIAL BANKS', sic_description: 'STATE COMMERCIAL BANKS' });
      expect(classifyCompany({ sector: p.sector, industry: p.industry, sicDescription: p.sic_description })).toBe('bank');
      expect(await worker.market.getProfile(ODD.symbol)).toMatchObject({ sector: null, industry: null, sic_description: null });
    });

    it('Financials’ sector table counts one company more than the snapshot’s universe alone gives (Quartzbank), every other sector the same; the peers read has it beside JPM', async () => {
      const table = (await worker.market.getSectorTable())!;
      const without = buildStoredSectorTable(await bundled.getUniverse(), await bundled.listCovered(), await bundled.getHistory!('SPY', 'max'), '2026-07-02');
      expect(table.sectors.Financials!.companies).toBe(without.sectors.Financials!.companies + 1);
      for (const [name, s] of Object.entries(without.sectors)) if (name !== 'Financials') expect(table.sectors[name]!.companies, name).toBe(s.companies);

      const entries = await createUniverseRead(worker.market, now).read();
      // What the scorecards score as peers: stocks with statements, by sector.
      const peers = entries.filter((e) => e.profile.type === 'stock' && e.fundamentals && e.profile.sector === 'Financials').map((e) => e.profile.symbol);
      expect(peers).toContain(BANK.symbol);
      expect(peers).toContain('JPM');
      expect(peers).not.toContain(ODD.symbol);
    });

    it('the web process, a minute later (its listings and universe rechecked), serves the same profile and counts Quartzbank in Financials: one more than before', async () => {
      expect((await web.market.getProfile(BANK.symbol)).sector).toBeNull();
      clock = new Date(clock.getTime() + 61_000);
      expect(await web.market.getProfile(BANK.symbol)).toMatchObject({ sector: 'Financials', industry: 'STATE COMMERCIAL BANKS' });
      expect((await web.market.getSectorTable())!.sectors.Financials!.companies).toBe(financialsBefore + 1);
      // PostgreSQL: the table came from the universe worker thread, which read the same stored SIC on its own connection.
      expect(web.universeProducts === null).toBe(kind !== 'postgres');
    });

    it('re-running rewrites nothing: the row keeps its updated_at, the listings version does not move (0 SICs stored, so no refresh)', async () => {
      const [before, version] = [await readCompanies(), await createListingsStore(db).readVersion()];
      clock = new Date(clock.getTime() + 15 * 60_000);
      const cycle = await worker.secIngest!.refresh(only);
      expect(cycle.industries).toBe(0);
      expect(cycle.filers.find((f) => f.symbol === BANK.symbol)).not.toHaveProperty('industry');
      expect(await readCompanies()).toEqual(before);
      expect(await createListingsStore(db).readVersion()).toBe(version);
    });

    it('a bad SIC later for a filer whose SIC is stored stores nothing: the stored 6022 stays, and so does the sector', async () => {
      const before = await readCompanies();
      fake.sec.submissions.set(BANK.cik, submissions(BANK.cik, 'bank', 'STATE COMMERCIAL BANKS'));
      const cycle = await worker.secIngest!.refresh(only);
      expect(cycle.filers.find((f) => f.symbol === BANK.symbol)).toMatchObject({ outcome: 'up to date', industry: 'refused' });
      expect(await readCompanies()).toEqual(before);
      expect((await worker.market.getProfile(BANK.symbol)).sector).toBe('Financials');
    });
  },
);
