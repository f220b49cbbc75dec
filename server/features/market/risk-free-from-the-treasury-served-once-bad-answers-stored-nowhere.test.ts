import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TREASURY_SOURCE } from '../../../core/market/reference-data.ts';
import type { Database } from '../../adapters/db/index.ts';
import { createTreasuryClient } from '../../adapters/market-data/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { type FakeTreasury, readTreasuryFixture, startFakeTreasury } from '../../test/fake-treasury.ts';
import { createMarketFeature, createReferenceStore, type MarketFeature, runReferenceAdminCommand } from './index.ts';

/**
 * The DCF's risk-free rate from the US Treasury's daily par yield curve, through the real client against a local
 * server answering recorded CSVs: the snapshot's pair (4.58 % of 2024-12-31, ERP 4.33 %) until a newer Treasury day is
 * stored, then the newest 10-year yield with its day; re-running stores nothing; a bad answer is stored nowhere.
 */
describeEachDatabase('the risk-free rate ingested from the Treasury', (kind) => {
  let db: Database;
  let treasury: FakeTreasury;
  let f: MarketFeature;
  let clock = new Date('2026-10-03T16:00:00Z'); // Saturday noon in New York: Friday Oct 2 is published
  const rows = async () =>
    db.query<{ as_of: string; bps: number; updated_at: string }>(
      sql`SELECT as_of::text, risk_free_rate_bps AS bps, updated_at::text FROM market_rate_pairs ORDER BY as_of`,
    );

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    treasury = await startFakeTreasury();
    treasury.years.set(2025, readTreasuryFixture(2025));
    treasury.years.set(2026, readTreasuryFixture(2026));
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TREASURY_BASE_URL: treasury.url });
    const ctx: AppContext = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => clock };
    // The client built from TREASURY_BASE_URL, as the app builds it.
    f = createMarketFeature(ctx, { ingestVendor: null, treasury: createTreasuryClient({ fetch: (u, i) => fetch(u, i), baseUrl: env.TREASURY_BASE_URL }) });
  });
  afterAll(async () => {
    await treasury.close();
    await db.close();
  });

  it('serves the snapshot pair until ingestion, then the 10-year yield of Oct 2 (5.28 %) with its day, in the pair and /api/health', async () => {
    expect(await f.market.getCapmPair()).toMatchObject({
      riskFreeRate: { value: 0.0458, asOf: '2024-12-31' },
      equityRiskPremium: { value: 0.0433, asOf: '2025-01-01' },
    });
    expect(f.describe?.()).toMatchObject({ 'data_as_of.risk_free': '2024-12-31' });

    // Nothing stored yet: last year (one day, Feb 18 2025 at 4.55 %) and this year (Sep 30, Oct 1, Oct 2) are read.
    const outcome = await f.referenceIngest.refreshRiskFree();
    expect(treasury.requests).toEqual([2025, 2026]);
    expect(outcome).toMatchObject({ dataset: 'risk_free', day: '2026-10-02', outcome: 'stored', stored: 4, skipped: 0, refused: 0 });
    expect((await rows()).map((r) => [r.as_of, Number(r.bps)])).toEqual([
      ['2025-02-18', 455],
      ['2026-09-30', 529],
      ['2026-10-01', 524],
      ['2026-10-02', 528],
    ]);
    // 528 bps = 0.0528; the ERP stays the snapshot's (no public-domain source gives one).
    expect(await f.market.getCapmPair()).toEqual({
      riskFreeRate: { value: 0.0528, asOf: '2026-10-02', source: TREASURY_SOURCE },
      equityRiskPremium: expect.objectContaining({ value: 0.0433, asOf: '2025-01-01' }),
    });
    expect(f.describe?.()).toMatchObject({ 'data_as_of.risk_free': '2026-10-02' });
  });

  it('re-running stores nothing and touches no row; only this year is asked once a day of it is stored', async () => {
    const before = await rows();
    treasury.requests.length = 0;
    clock = new Date('2026-10-03T22:00:00Z');
    expect(await f.referenceIngest.refreshRiskFree()).toMatchObject({ outcome: 'already stored', stored: 0, skipped: 3 });
    expect(treasury.requests).toEqual([2026]);
    expect(await rows()).toEqual(before);
  });

  it('refuses a yield outside 0–25 % and a cut answer with their reasons, storing nothing of either', async () => {
    const before = await rows();
    clock = new Date('2026-10-06T22:00:00Z');
    const header = readTreasuryFixture(2026).split('\n')[0]!;
    // "52.80" for 5.28: a decimal point lost upstream. Oct 5's good row in the same answer is not stored either.
    treasury.years.set(
      2026,
      [
        header,
        '10/06/2026,4.03,4.08,4.10,4.18,4.25,4.26,4.45,4.82,4.95,5.05,5.16,52.80,5.66,5.62',
        '10/05/2026,4.03,4.08,4.10,4.18,4.25,4.26,4.45,4.82,4.95,5.05,5.16,5.27,5.66,5.62',
        ...readTreasuryFixture(2026).split('\n').slice(1),
      ].join('\n'),
    );
    const bad = await f.referenceIngest.refreshRiskFree();
    expect(bad).toMatchObject({ outcome: 'refused', stored: 0, refused: 1 });
    expect(bad.detail).toContain('bad_rate: 2026-10-06: a 10-year yield of 52.80 % is outside 0–25 %');

    // The answer cut in the middle of Oct 5's line (after its 7-year yield).
    treasury.years.set(2026, [header, '10/05/2026,4.03,4.08,4.10,4.18,4.25,4.26,4.45,4.82,4.95,5.05,5.16'].join('\n'));
    const cut = await f.referenceIngest.refreshRiskFree();
    expect(cut).toMatchObject({ outcome: 'refused', stored: 0 });
    expect(cut.detail).toContain('truncated_answer: line 2 has 12 of 15 fields');

    expect(await rows()).toEqual(before);
    expect((await f.market.getCapmPair()).riskFreeRate).toMatchObject({ value: 0.0528, asOf: '2026-10-02' });
  });

  it('an operator-set ERP newer than the snapshot’s is served with its day beside the Treasury rate', async () => {
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    const store = createReferenceStore(db);
    const now = () => clock;
    expect(await runReferenceAdminCommand(['set-erp', '30', '--as-of', '2026-10-01', '--source', 'x'], { store, now, io })).toBe(2);
    expect(
      await runReferenceAdminCommand(['set-erp', '4.60', '--as-of', '2026-10-01', '--source', 'Damodaran, implied ERP Oct 2026'], { store, now, io }),
    ).toBe(0);
    // Stored by another process (the CLI): this one asks the database again once its minute of trust has passed.
    clock = new Date(clock.getTime() + 61_000);
    expect(await f.market.getCapmPair()).toEqual({
      riskFreeRate: { value: 0.0528, asOf: '2026-10-02', source: TREASURY_SOURCE },
      equityRiskPremium: { value: 0.046, asOf: '2026-10-01', source: 'Damodaran, implied ERP Oct 2026' },
    });
    // The ERP's day gained no risk-free rate and Oct 1's rate is kept.
    expect((await rows()).find((r) => r.as_of === '2026-10-01')?.bps).toBe(524);
  });
});
