import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createSecEdgarClient, MAPPED_SEC_CONCEPTS_FOR_TESTS } from '../../test/sec-test-kit.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { type FakeSecVendor, readSecFixture, startFakeSecVendor } from '../../test/fake-sec-vendor.ts';
import { insertTestUser } from '../../test/users.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import { createSecFactsStore } from './sec-facts-store.ts';
import { SEC_CYCLE_LEASE } from './sec-ingest.ts';

const APPLE = '0000320193';
const NEW_10Q = '0000320193-26-000011';
const only = { only: new Set(['AAPL']) };

/** A worker process: the market feature with the EDGAR client pointed at the local EDGAR. */
function startWorker(db: Database, fake: FakeSecVendor, now: () => Date): MarketFeature {
  const ctx: AppContext = { env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db, logger: createLogger('silent'), appRoot: findAppRoot(), now };
  return createMarketFeature(ctx, { ingestVendor: null, secClient: createSecEdgarClient(fake.url) });
}

const count = async (db: Database, query: ReturnType<typeof sql>) => Number((await db.query<{ n: number }>(query))[0]!.n);

/** The mapped facts of a recorded companyfacts answer: what the store keeps of it. */
function countMappedFacts(version: string): number {
  const doc = readSecFixture<{ facts: Record<string, Record<string, { units: Record<string, unknown[]> }>> }>(`companyfacts-CIK${APPLE}-${version}.json`);
  let n = 0;
  for (const [tag, body] of Object.entries(doc.facts['us-gaap']!))
    if (MAPPED_SEC_CONCEPTS_FOR_TESTS.has(`us-gaap:${tag}`)) for (const list of Object.values(body.units)) n += list.length;
  return n;
}

describeEachDatabase("EDGAR's new filings into the store: a 10-Q after the snapshot served by the fundamentals endpoint, once", (kind) => {
  let db: Database;
  let fake: FakeSecVendor;
  // Friday 2026-07-31, 11:00 New York: market hours, the day Apple's 10-Q for the quarter ended 2026-06-27 is filed.
  let clock = new Date('2026-07-31T15:00:00Z');
  let worker: MarketFeature;
  let web: Awaited<ReturnType<typeof createTestApp>>;
  let as: Record<string, string>;
  const get = (path: string) => web.json('GET', path, undefined, as);
  const lastQuarter = (body: { quarterly: { periods: Array<{ end: string }>; income: Array<{ key: string; values: unknown[] }> } }) => {
    const i = body.quarterly.periods.length - 1;
    return { end: body.quarterly.periods[i]!.end, revenue: body.quarterly.income.find((l) => l.key === 'revenue')!.values[i] };
  };
  const companyFactsAsked = () => fake.requests.filter((r) => r.path.startsWith('/api/xbrl/companyfacts')).length;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    fake = await startFakeSecVendor();
    fake.publish(APPLE, '2026-07-24');
    worker = startWorker(db, fake, () => clock);
    // The web process reads the same database in bundled mode, as a web role does while a worker ingests.
    web = await createTestApp(db, { actAsHeader: true, now: () => clock });
    as = { 'x-test-user-id': (await insertTestUser(db)).id };
  });
  afterAll(async () => {
    await fake.close();
    await db.close();
  });

  it('before: the snapshot serves the quarter ended 2026-06-27 with an estimated filing date (2026-08-06), its fundamentals dated 2026-07-23', async () => {
    const res = await get('/api/market/fundamentals/AAPL');
    expect(res.status).toBe(200);
    expect(lastQuarter(res.body)).toEqual({
      end: '2026-06-27',
      revenue: expect.objectContaining({ value: 109_417_000_000, as_of: '2026-08-06', as_of_estimated: true }),
    });
    // As of the filing day the estimate is not known yet: the newest quarter is the one filed 2026-05-01.
    expect(lastQuarter((await get('/api/market/fundamentals/AAPL?as_of=2026-07-31')).body).end).toBe('2026-03-28');
    expect((await get('/api/health')).body.datasets_as_of.fundamentals).toBe('2026-07-23');
  });

  it('a cycle when EDGAR lists nothing after the snapshot (newest 10-Q 2026-05-01 ≤ 2026-07-23) asks for the submissions only and stores nothing', async () => {
    const cycle = await worker.secIngest!.refresh(only);
    expect(cycle.filers).toEqual([expect.objectContaining({ symbol: 'AAPL', outcome: 'up to date', facts: 0 })]);
    expect(fake.requests.map((r) => r.path)).toEqual([`/submissions/CIK${APPLE}.json`]);
    expect(fake.requests.every((r) => r.userAgent === 'Stockpilot tests tests@example.com')).toBe(true);
    expect(await count(db, sql`SELECT count(*) AS n FROM market_sec_facts`)).toBe(0);
  });

  it('the 10-Q filed 2026-07-31: its company stored in one go, and the endpoint serves the quarter as filed; the dataset date moves 2026-07-23 → 2026-07-31', async () => {
    fake.publish(APPLE, '2026-07-31');
    const cycle = await worker.secIngest!.refresh(only);
    const facts = countMappedFacts('2026-07-31');
    expect(cycle.filers).toEqual([expect.objectContaining({ symbol: 'AAPL', outcome: 'stored', filings: [NEW_10Q], facts })]);
    expect(companyFactsAsked()).toBe(1);
    // Every fact as filed: 3 figures of the new quarter + 5 of the year-earlier quarter repeated as comparatives.
    expect(await count(db, sql`SELECT count(*) AS n FROM market_sec_facts WHERE accession = ${NEW_10Q}`)).toBe(3 + 5);
    expect(await count(db, sql`SELECT count(*) AS n FROM market_sec_facts`)).toBe(facts);

    // The web process learns of the new filing day within a minute.
    clock = new Date(clock.getTime() + 61_000);
    const res = await get('/api/market/fundamentals/AAPL');
    expect(lastQuarter(res.body)).toEqual({ end: '2026-06-27', revenue: { value: 109_417_000_000, source: 'sec-edgar-live', as_of: '2026-07-31' } });
    expect((await get('/api/health')).body.datasets_as_of.fundamentals).toBe('2026-07-31');
    expect(worker.market.datasetsAsOf()?.fundamentals).toBe('2026-07-31');
  });

  it('point in time by filing date: as of 2026-07-30 the quarter is not known; as of 2026-07-31 it is, at 109,417M', async () => {
    expect(lastQuarter((await get('/api/market/fundamentals/AAPL?as_of=2026-07-30')).body).end).toBe('2026-03-28');
    const onFilingDay = lastQuarter((await get('/api/market/fundamentals/AAPL?as_of=2026-07-31')).body);
    expect(onFilingDay).toEqual({ end: '2026-06-27', revenue: expect.objectContaining({ value: 109_417_000_000, as_of: '2026-07-31' }) });
  });

  it('re-running changes nothing: the submissions are asked again, the companyfacts not, and no row is added or rewritten', async () => {
    const rows = async () => [
      await count(db, sql`SELECT count(*) AS n FROM market_sec_facts`),
      await count(db, sql`SELECT count(*) AS n FROM market_sec_filings`),
      (await db.query<{ u: unknown }>(sql`SELECT updated_at::text AS u FROM market_sec_statements WHERE symbol = 'AAPL'`))[0]!.u,
    ];
    const before = await rows();
    clock = new Date(clock.getTime() + 15 * 60_000);
    const cycle = await worker.secIngest!.refresh(only);
    expect(cycle.filers).toEqual([expect.objectContaining({ symbol: 'AAPL', outcome: 'up to date', facts: 0 })]);
    expect(companyFactsAsked()).toBe(1);
    expect(await rows()).toEqual(before);
  });
  it('a second write of the same filing day (the date stays 2026-07-31) still reaches the web process within a minute', async () => {
    expect((await get('/api/market/fundamentals/AAPL')).body.notes).not.toContain('restated the same day');
    const store = createSecFactsStore(db);
    const stored = (await store.readStatements('AAPL'))!;
    const document = { ...stored.document, notes: [...stored.document.notes, 'restated the same day'] };
    await store.storeCompany({ symbol: 'AAPL', cik: APPLE, facts: [], filings: [], fundamentals: document, filedThrough: '2026-07-31' }, clock);
    clock = new Date(clock.getTime() + 61_000);
    expect((await get('/api/market/fundamentals/AAPL')).body.notes).toContain('restated the same day');
    expect((await get('/api/health')).body.datasets_as_of.fundamentals).toBe('2026-07-31');
  });
});

describeEachDatabase('a companyfacts answer cut mid-way is refused whole, stored nowhere, and stored on the next cycle', (kind) => {
  let db: Database;
  let fake: FakeSecVendor;
  const clock = new Date('2026-07-31T15:00:00Z');
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    fake = await startFakeSecVendor();
    fake.publish(APPLE, '2026-07-31');
  });
  afterAll(async () => {
    await fake.close();
    await db.close();
  });

  it('cut: no fact, no statement, the filing kept as refused with its reason in market_refusals; next cycle: stored', async () => {
    const worker = startWorker(db, fake, () => clock);
    fake.failNext('/api/xbrl/companyfacts', 1);
    const refused = await worker.secIngest!.refresh(only);
    expect(refused.filers).toEqual([expect.objectContaining({ outcome: 'refused', filings: [NEW_10Q], detail: expect.stringContaining('cut off') })]);
    expect(await count(db, sql`SELECT count(*) AS n FROM market_sec_facts`)).toBe(0);
    expect(await count(db, sql`SELECT count(*) AS n FROM market_sec_statements`)).toBe(0);
    expect(await db.query(sql`SELECT item_key, code FROM market_refusals WHERE dataset = 'filings'`)).toEqual([
      { item_key: `companyfacts ${APPLE}`, code: 'truncated_answer' },
    ]);
    expect(await db.query(sql`SELECT outcome FROM market_sec_filings WHERE accession = ${NEW_10Q}`)).toEqual([{ outcome: 'refused' }]);
    expect(worker.market.datasetsAsOf()?.fundamentals).not.toBe('2026-07-31');

    const retried = await worker.secIngest!.refresh(only);
    expect(retried.filers).toEqual([expect.objectContaining({ outcome: 'stored', filings: [NEW_10Q], facts: countMappedFacts('2026-07-31') })]);
    expect(await db.query(sql`SELECT outcome FROM market_sec_filings WHERE accession = ${NEW_10Q}`)).toEqual([{ outcome: 'stored' }]);
    expect(worker.market.datasetsAsOf()?.fundamentals).toBe('2026-07-31');
  });
});

describeEachDatabase('EDGAR lists the 10-Q before its companyfacts includes it: the filing waits for the next cycle', (kind) => {
  let db: Database;
  let fake: FakeSecVendor;
  const clock = new Date('2026-07-31T15:00:00Z');
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    fake = await startFakeSecVendor();
    // The submissions of 2026-07-31 list the 10-Q; companyfacts is still the one of 2026-07-24.
    fake.publish(APPLE, '2026-07-31', '2026-07-24');
  });
  afterAll(async () => {
    await fake.close();
    await db.close();
  });

  it('the facts filed so far are stored, the 10-Q is not marked stored; once companyfacts has it, it is', async () => {
    const worker = startWorker(db, fake, () => clock);
    const early = await worker.secIngest!.refresh(only);
    expect(early.filers).toEqual([
      expect.objectContaining({ outcome: 'stored', filings: [], facts: countMappedFacts('2026-07-24'), detail: expect.stringContaining(`${NEW_10Q} yet`) }),
    ]);
    expect(await count(db, sql`SELECT count(*) AS n FROM market_sec_filings WHERE accession = ${NEW_10Q}`)).toBe(0);
    // Through 2026-05-01 the stored statements are not newer than the snapshot's (newest known filing 2026-05-01).
    expect((await worker.market.getFundamentals('AAPL')).quarterly.income[0]!.values.at(-1)).toMatchObject({ as_of: '2026-08-06', as_of_estimated: true });

    fake.publish(APPLE, '2026-07-31');
    const later = await worker.secIngest!.refresh(only);
    // 829 facts were there already: the 8 rows of the 10-Q are what is added.
    expect(later.filers).toEqual([expect.objectContaining({ outcome: 'stored', filings: [NEW_10Q], facts: 8, detail: null })]);
    expect((await worker.market.getFundamentals('AAPL')).quarterly.income[0]!.values.at(-1)).toEqual({
      value: 109_417_000_000,
      source: 'sec-edgar-live',
      as_of: '2026-07-31',
    });
  });
});

describeEachDatabase('two processes run the EDGAR cycle at once: the filing is ingested once', (kind) => {
  let db: Database;
  let fake: FakeSecVendor;
  const clock = new Date('2026-07-31T15:00:00Z');
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    fake = await startFakeSecVendor();
    fake.publish(APPLE, '2026-07-31');
  });
  afterAll(async () => {
    await fake.close();
    await db.close();
  });

  it('one holds the cycle, the other is told so; one companyfacts request, 8 facts of the 10-Q (not 16), one filing row', async () => {
    const [a, b] = [startWorker(db, fake, () => clock), startWorker(db, fake, () => clock)];
    const outcomes = await Promise.all([a.secIngest!.refresh(only), b.secIngest!.refresh(only)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['done', 'held by another process']);
    expect(fake.requests.filter((r) => r.path.startsWith('/api/xbrl/companyfacts')).length).toBe(1);
    expect(await count(db, sql`SELECT count(*) AS n FROM market_sec_facts WHERE accession = ${NEW_10Q}`)).toBe(8);
    expect(await count(db, sql`SELECT count(*) AS n FROM market_sec_filings WHERE accession = ${NEW_10Q}`)).toBe(1);
    // The lease is given back at the end of a cycle: the other process's next cycle runs (and finds nothing new).
    expect((await b.secIngest!.refresh(only)).outcome).toBe('done');
    expect(fake.requests.filter((r) => r.path.startsWith('/api/xbrl/companyfacts')).length).toBe(1);
  });

  it('a process killed mid-cycle keeps the cycle only until its lease (14 min) runs out; then another runs it', async () => {
    let now = new Date('2026-07-31T16:00:00Z');
    // The dead process took the lease at 12:00 New York and never gave it back.
    expect(await createSecFactsStore(db).acquireLease(SEC_CYCLE_LEASE, 'killed-process', now, 14 * 60_000)).toBe(true);
    const survivor = startWorker(db, fake, () => now);
    expect((await survivor.secIngest!.refresh(only)).outcome).toBe('held by another process');
    now = new Date(now.getTime() + 14 * 60_000 + 1_000);
    expect((await survivor.secIngest!.refresh(only)).outcome).toBe('done');
  });
});
