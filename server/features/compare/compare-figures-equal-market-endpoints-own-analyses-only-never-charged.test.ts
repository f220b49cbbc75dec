import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIGURE_IDS } from '../../../core/compare/compare-rows.ts';
import { describeOnPglite } from '../../test/db.ts';
import { startCompareTest } from '../../test/compare-test-kit.ts';

type Kit = Awaited<ReturnType<typeof startCompareTest>>;
type Line = { key: string; values: Array<{ value: number | null }> };
const round2 = (x: number) => Math.round(x * 100) / 100;

describeOnPglite('GET /api/compare', (kind) => {
  let k: Kit;
  beforeAll(async () => {
    k = await startCompareTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('AAPL and MSFT: each quote is the market quote endpoint’s, margins are the statements’ arithmetic, every figure is the screener’s', async () => {
    const u = await k.createUser();
    const res = await k.as(u).compare(' aapl,MSFT ,aapl');
    expect(res.status).toBe(200);
    expect(res.body.symbols).toEqual(['AAPL', 'MSFT']);
    const screen = await k.as(u).post('/api/screener/query', { sort: { field: 'market_cap', dir: 'desc' }, columns: FIGURE_IDS, page_size: 20 });
    for (const item of res.body.items) {
      const quote = await k.as(u).get(`/api/market/quote/${item.symbol}`);
      expect(item.quote).toEqual(quote.body);

      // Net margin = net income / revenue of the latest fiscal year filed by the data day (AAPL FY2025: 112,010 / 416,161 M = 26.92 %;
      // MSFT's FY2026, estimated as filed after the data day, is not used: point in time, as ?as_of answers).
      const statements = await k.as(u).get(`/api/market/fundamentals/${item.symbol}?as_of=${item.data_day}`);
      const latest = (key: string) => (statements.body.annual.income as Line[]).find((l) => l.key === key)!.values.at(-1)!.value!;
      expect(item.figures.net_margin).toBe(round2((latest('net_income') / latest('revenue')) * 100));
      expect(item.figures.gross_margin).toBe(round2((latest('gross_profit') / latest('revenue')) * 100));
      if (item.symbol === 'AAPL') expect(item.figures.net_margin).toBe(26.92);

      // The chart's last weekly close is the history endpoint's last close, on the same day.
      const history = await k.as(u).get(`/api/market/history/${item.symbol}?range=1y`);
      const lastBar = history.body.bars.at(-1);
      expect(item.performance.dates.at(-1)).toBe(lastBar.date);
      expect(item.performance.closes.at(-1)).toBe(round2(lastBar.close));
      expect(item.data_day).toBe(lastBar.date);

      const row = screen.body.rows.find((r: { symbol: string }) => r.symbol === item.symbol);
      expect(item.figures).toEqual(row.values);
    }
  });

  it("saved analyses are the user's own, the newest per kind; B sees none of A's; reading them and comparing charges nothing", async () => {
    const a = await k.createUser();
    const b = await k.createUser();
    const first = await k.as(a).post('/api/analyses', { symbol: 'AAPL', kind: 'technical' }, 'a-tech-1');
    const second = await k.as(a).post('/api/analyses', { symbol: 'AAPL', kind: 'technical' }, 'a-tech-2');
    const overview = await k.as(a).post('/api/analyses', { symbol: 'MSFT', kind: 'overview' }, 'a-overview');
    expect([first.status, second.status, overview.status]).toEqual([201, 201, 201]);
    // 10 − 0.8 − 0.8 − 0.5 = 7.9 tokens, three holds.
    const before = await k.accountOf(a);
    expect(before).toEqual({ availableMt: 7_900, holds: 3 });

    const mine = await k.as(a).compare('AAPL,MSFT');
    expect(mine.status).toBe(200);
    const [aapl, msft] = mine.body.items;
    const kindOf = (item: typeof aapl, kind: string) => item.analyses.find((x: { kind: string }) => x.kind === kind);
    const tech = kindOf(aapl, 'technical').saved;
    expect(tech).toMatchObject({ id: second.body.id, as_of: second.body.as_of, current: true, verdict: second.body.note.verdict.text });
    const ratingFact = second.body.facts.find((f: { key: string }) => f.key === 'technical_rating');
    expect(tech.facts).toEqual({ technical_rating: ratingFact.value });
    expect(kindOf(aapl, 'overview').saved).toBeNull();
    expect(kindOf(aapl, 'dcf')).toEqual({ kind: 'dcf', unavailable: null, saved: null });
    const grades = kindOf(msft, 'overview').saved;
    expect(grades.id).toBe(overview.body.id);
    for (const key of ['grade_value', 'grade_growth', 'grade_profitability', 'grade_health', 'grade_momentum']) {
      expect(grades.facts[key]).toBe(overview.body.facts.find((f: { key: string }) => f.key === key)?.value ?? null);
    }

    const theirs = await k.as(b).compare('AAPL,MSFT');
    expect(theirs.body.items.flatMap((i: typeof aapl) => i.analyses.map((x: { saved: unknown }) => x.saved))).toEqual([null, null, null, null, null, null]);
    // Same figures for both users: only the analyses differ.
    expect(theirs.body.items.map((i: typeof aapl) => i.figures)).toEqual(mine.body.items.map((i: typeof aapl) => i.figures));

    expect(await k.accountOf(a)).toEqual(before);
    expect(await k.accountOf(b)).toEqual({ availableMt: 10_000, holds: 0 });
  });

  it('an ETF next to a stock: fund figures and the kinds that cannot run say why', async () => {
    const u = await k.createUser();
    const res = await k.as(u).compare('SPY,AAPL');
    const spy = res.body.items[0];
    expect(spy).toMatchObject({ symbol: 'SPY', type: 'etf' });
    expect(spy.figures.expense_ratio).toBe(0.09);
    expect(spy.figures.net_margin).toBeNull();
    expect(spy.analyses.map((x: { unavailable: string | null }) => x.unavailable)).toEqual([
      "An overview needs a company's statements; SPY is an ETF",
      null,
      "A DCF valuation needs a company's statements; SPY is an ETF",
    ]);
  });

  it('signed out: 401, and nothing is computed for an anonymous caller', async () => {
    const res = await k.t.json('GET', '/api/compare?symbols=AAPL');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });
});
