import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HOLDINGS } from '../../../core/portfolio/holdings-input.ts';
import type { Database } from '../../adapters/db/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';

/** Rows in every table of the schema: a refused request must leave each count as it was. */
async function countAllRows(db: Database): Promise<Record<string, number>> {
  const tables = await db.query<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [r] = await db.query<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM "${t.name}"`));
    out[t.name] = Number(r!.n);
  }
  return out;
}

describeOnPglite('smart yield: bad input gets a code and a message, nothing is stored', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let as: Record<string, string>;
  let before: Record<string, number>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db, { actAsHeader: true });
    as = { 'x-test-user-id': (await insertTestUser(db)).id };
    before = await countAllRows(db);
  });
  afterAll(async () => {
    // Refused and successful requests alike: smart yield writes nothing.
    expect(await countAllRows(db)).toEqual(before);
    await db.close();
  });

  const post = (body: unknown) => t.json('POST', '/api/smart-yield', body, as);

  it('needs a signed-in user; the public example does not', async () => {
    const res = await t.json('POST', '/api/smart-yield', { csv: 'KO,1' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    const example = await t.json('GET', '/api/smart-yield/example');
    expect(example.status).toBe(200);
    expect(example.body.holdings.map((h: { symbol: string }) => h.symbol)).toEqual(['KO', 'PEP', 'JNJ', 'PG', 'MO', 'VZ', 'XOM', 'MSFT']);
  });

  it('unknown symbols: 404 UNKNOWN_SYMBOL naming each with its line', async () => {
    const res = await post({ csv: 'symbol,shares\nKO,10\nZZZZQ,5\nPEP,2\nQQQQZ,1' });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({
      code: 'UNKNOWN_SYMBOL',
      field: 'csv',
      message: 'Unknown symbols: ZZZZQ (line 3), QQQQZ (line 5). Nothing was analysed.',
    });
    const rows = await post({
      holdings: [
        { symbol: 'KO', shares: 1 },
        { symbol: 'ZZZZQ', shares: 1 },
      ],
    });
    expect(rows.body.error).toMatchObject({ code: 'UNKNOWN_SYMBOL', field: 'holdings[1].symbol' });
  });

  it('a CSV line with the wrong columns is named: 400 VALIDATION_FAILED, field csv', async () => {
    const res = await post({ csv: 'symbol,shares,cost_per_share\nKO,10,40\nPEP;10;150\nJNJ,1' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'csv' });
    expect(res.body.error.message).toBe('Line 3: expected 2 or 3 columns (symbol,shares[,cost_per_share]) but found 1 in "PEP;10;150".');
  });

  it('negative and zero share counts are refused by row; every problem is listed in details', async () => {
    const res = await post({
      holdings: [
        { symbol: 'KO', shares: 10 },
        { symbol: 'PEP', shares: -3 },
        { symbol: 'JNJ', shares: 0 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('holdings[1].shares');
    expect(res.body.error.message).toBe('Row 2: shares must be positive (got -3); short positions are not supported. (and 1 more problem)');
    expect(res.body.error.details.problems).toHaveLength(2);
  });

  it('fractional shares are allowed (brokers sell them); more than 6 decimals is refused', async () => {
    expect((await post({ holdings: [{ symbol: 'KO', shares: 2.5 }] })).status).toBe(200);
    const res = await post({ csv: 'KO,1.1234567' });
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'csv', message: expect.stringContaining('at most 6 decimals') });
  });

  it(`more than ${MAX_HOLDINGS} different symbols are refused before any symbol is looked up`, async () => {
    const csv = Array.from({ length: MAX_HOLDINGS + 1 }, (_, i) => `S${i},1`).join('\n');
    const res = await post({ csv });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `At most ${MAX_HOLDINGS} holdings per portfolio; this one has ${MAX_HOLDINGS + 1} different symbols.`,
    });
  });

  it('rows and a CSV together, or neither, or an empty list, are refused; unknown fields too', async () => {
    expect((await post({ csv: 'KO,1', holdings: [{ symbol: 'KO', shares: 1 }] })).body.error.code).toBe('VALIDATION_FAILED');
    expect((await post({})).body.error.code).toBe('VALIDATION_FAILED');
    expect((await post({ holdings: [] })).body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'holdings' });
    expect((await post({ csv: 'KO,1', portfolio: 'x' })).status).toBe(400);
  });

  it('duplicates are merged, not refused: KO on lines 1 and 3 → one holding of 40 shares at the share-weighted cost 46', async () => {
    const res = await post({ csv: 'KO,10,40\nPEP,5\nko,30,48' });
    expect(res.status).toBe(200);
    expect(res.body.merged).toEqual([{ symbol: 'KO', lines: [1, 3] }]);
    expect(res.body.holdings[0]).toMatchObject({ symbol: 'KO', shares: 40, cost_per_share: 46, lines: [1, 3] });
  });
});

describe('smart yield on the bundled data: KO’s calendar is its last year of payments × shares', () => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let as: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    // Today is Nov 29, 2026, 150 days after the snapshot's data day (Jul 2).
    t = await createTestApp(db, { actAsHeader: true, now: () => new Date('2026-11-29T15:00:00Z') });
    as = { 'x-test-user-id': (await insertTestUser(db)).id };
  });
  afterAll(() => db.close());

  it('KO × 100: ex-dates after 2024-12-05 through 2025-12-05 are 2025-03-14, 06-13, 09-15, 12-01 at $0.51 → 4 × 5100 cents = 20400', async () => {
    const divs = await t.json('GET', '/api/market/dividends/KO', undefined, as);
    const res = await t.json('POST', '/api/smart-yield', { csv: 'KO,100,40' }, as);
    expect(res.status).toBe(200);
    expect(res.body.history_through).toBe('2025-12-05');
    expect(res.body.window).toEqual({ after: '2024-12-05', through: '2025-12-05' });
    const inWindow = divs.body.dividends.filter((d: { ex_date: string }) => d.ex_date > '2024-12-05' && d.ex_date <= '2025-12-05');
    expect(inWindow.map((d: { ex_date: string; amount: number }) => [d.ex_date, d.amount])).toEqual([
      ['2025-03-14', 0.51],
      ['2025-06-13', 0.51],
      ['2025-09-15', 0.51],
      ['2025-12-01', 0.51],
    ]);
    const ko = res.body.holdings[0];
    expect(ko).toMatchObject({ annual_income_cents: 20400, payments_per_year: 4, annual_dividend_per_share: 2.04 });
    // The 12 months after today (Nov 29, 2026), not after the stale data day: December 2026 … November 2027, with
    // KO's four payments in December, March, June and September, 5100 cents each.
    expect(res.body.calendar.map((c: { month: string }) => c.month)).toEqual([
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
      '2027-11',
    ]);
    const paying = res.body.calendar
      .filter((c: { income_cents: number }) => c.income_cents > 0)
      .map((c: { month: string; income_cents: number }) => [c.month, c.income_cents]);
    expect(paying).toEqual([
      ['2026-12', 5100],
      ['2027-03', 5100],
      ['2027-06', 5100],
      ['2027-09', 5100],
    ]);
    // Records end Dec 5, 2025: only December 2026 has its month of a year before (Dec 1, 2025 ≤ Dec 5) on record;
    // January … November 2027 would repeat 2025's payments across a year without records, so they are unknown.
    expect(res.body.calendar.filter((c: { known: boolean }) => c.known).map((c: { month: string }) => c.month)).toEqual(['2026-12']);
    expect(res.body.totals.annual_income_cents).toBe(20400);
    // The trailing-12-month yield to the data day 2026-07-02 needs records to that day; KO's end 2025-12-05.
    expect(ko.dividend_yield_pct).toBeNull();
    expect(ko.notes.join(' ')).toContain('end on 2025-12-05, before the price date 2026-07-02');
    expect(ko.yield_on_cost_pct).toBeCloseTo((2.04 / 40) * 100, 4);
    expect(ko.safety.score).toBeGreaterThan(0);
    expect(ko.safety.components.map((c: { id: string }) => c.id)).toEqual(['payout', 'fcf_cover', 'leverage', 'streak', 'earnings_stability']);
  });

  it('a listed name without data is not an error: AACB (no price) and SPY (no payment history) are left out and named, KO still counts', async () => {
    const res = await t.json('POST', '/api/smart-yield', { csv: 'KO,10\nAACB,5\nSPY,2' }, as);
    expect(res.status).toBe(200);
    expect(res.body.totals.counted).toBe(1);
    expect(res.body.totals.excluded).toEqual([
      { symbol: 'AACB', reason: 'No price in the data: market value and yield cannot be computed.' },
      { symbol: 'SPY', reason: 'No dividend history in the data: left out of the income and the weighted yield.' },
    ]);
    expect(res.body.totals.annual_income_cents).toBe(res.body.holdings[0].annual_income_cents);
  });

  it('the example portfolio: the weighted (projected) yield lies between the lowest and highest holding projected income / value, and the bars add up to the total', async () => {
    const res = await t.json('GET', '/api/smart-yield/example');
    type Row = { counted: boolean; annual_income_cents: number; market_value_cents: number };
    const yields = res.body.holdings.filter((h: Row) => h.counted).map((h: Row) => (100 * h.annual_income_cents) / h.market_value_cents);
    expect(yields.length).toBeGreaterThanOrEqual(6);
    expect(res.body.totals.weighted_yield_pct).toBeGreaterThan(Math.min(...yields));
    expect(res.body.totals.weighted_yield_pct).toBeLessThan(Math.max(...yields));
    expect(res.body.calendar.reduce((s: number, c: { income_cents: number }) => s + c.income_cents, 0)).toBe(res.body.totals.annual_income_cents);
  });
});
