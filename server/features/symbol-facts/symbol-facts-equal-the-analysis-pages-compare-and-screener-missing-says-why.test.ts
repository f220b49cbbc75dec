import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFactDefinition } from '../../../core/facts/catalogue.ts';
import { startCompareTest } from '../../test/compare-test-kit.ts';
import { describeOnPglite } from '../../test/db.ts';

type Kit = Awaited<ReturnType<typeof startCompareTest>>;
type FactRow = { key: string; label: string; unit: string; value: number | string; period: string };

/*
 * GET /api/market/facts/{symbol}: the symbol's catalogue facts (core/facts/symbol-facts.ts), the same values
 * the analysis pages, /compare and the screener serve, and the figures it cannot give listed with why.
 */
describeOnPglite('GET /api/market/facts/{symbol}', (kind) => {
  let k: Kit;
  beforeAll(async () => {
    k = await startCompareTest(kind);
  });
  afterAll(async () => k?.db.close());

  it("AAPL: every fact is a catalogue key in the catalogue's unit and label; the technical analysis, /compare and the screener serve the same values", async () => {
    const u = await k.createUser();
    const res = await k.as(u).get('/api/market/facts/aapl');
    expect(res.status).toBe(200);
    expect(res.body.symbol).toBe('AAPL');
    const facts = new Map<string, FactRow>((res.body.facts as FactRow[]).map((f) => [f.key, f]));
    for (const f of facts.values()) {
      const d = findFactDefinition(f.key);
      expect(d, f.key).toBeDefined();
      expect(f.unit, f.key).toBe(d!.unit);
      if (!d!.contextLabel) expect(f.label, f.key).toBe(d!.label);
    }
    // AAPL FY2025: net income 112,010 M / revenue 416,161 M = 26.92 %.
    expect(facts.get('net_margin')?.value).toBe(26.92);

    const run = await k.as(u).post('/api/analyses', { symbol: 'AAPL', kind: 'technical' }, 'facts-tech');
    expect(run.status).toBe(201);
    for (const key of ['rsi_14', 'return_1y', 'volatility_1y', 'max_drawdown_1y', 'beta_1y', 'technical_rating', 'technical_rating_score']) {
      const onPage = (run.body.facts as FactRow[]).find((f) => f.key === key);
      expect(onPage, key).toBeDefined();
      expect(facts.get(key)?.value, key).toBe(onPage!.value);
    }

    const compared = await k.as(u).compare('AAPL');
    const screen = await k.as(u).post('/api/screener/query', {
      filters: [{ field: 'sector', in: ['Information Technology'] }],
      columns: ['pe_ttm', 'return_1y', 'dividend_yield_ttm'],
      page_size: 100,
    });
    const row = screen.body.rows.find((r: { symbol: string }) => r.symbol === 'AAPL');
    for (const [id, value] of Object.entries(compared.body.items[0].figures as Record<string, number | null>)) {
      expect(value, id).toBe((facts.get(id)?.value as number | undefined) ?? null);
    }
    for (const id of ['pe_ttm', 'return_1y', 'dividend_yield_ttm']) expect(row.values[id], id).toBe(facts.get(id)?.value);
    // The year chart starts at the 1-year change's base close: its last point over its first is return_1y
    // (to the cent-rounding of the chart's closes).
    const { closes } = compared.body.items[0].performance;
    expect(((closes.at(-1) / closes[0] - 1) * 100).toFixed(1)).toBe((facts.get('return_1y')!.value as number).toFixed(1));
  });

  it('an ETF has no company figures: they are missing with why, never 0; the same body twice (computed once per data day)', async () => {
    const u = await k.createUser();
    const first = await k.as(u).get('/api/market/facts/SPY');
    expect(first.status).toBe(200);
    const keys = (first.body.facts as FactRow[]).map((f) => f.key);
    expect(keys).toContain('expense_ratio');
    expect(keys).not.toContain('pe_ttm');
    expect(keys).not.toContain('net_margin');
    for (const m of first.body.missing as Array<{ key: string; reason: string }>) expect(m.reason.length, m.key).toBeGreaterThan(0);
    const second = await k.as(u).get('/api/market/facts/SPY');
    expect(second.body).toEqual(first.body);
    // /compare says the same: a null figure comes with its reason, never a 0.
    const compared = await k.as(u).compare('SPY');
    const item = compared.body.items[0];
    expect(item.figures.pe_ttm).toBeNull();
    expect(item.missing.pe_ttm).toMatch(/\w/);
    for (const [id, v] of Object.entries(item.figures)) if (v === null) expect(item.missing[id], id).toMatch(/\w/);
  });

  it('bad input: signed out 401, an unknown symbol 404, a malformed one 400 naming the symbol', async () => {
    const out = await k.t.json('GET', '/api/market/facts/AAPL');
    expect(out.status).toBe(401);
    const u = await k.createUser();
    const unknown = await k.as(u).get('/api/market/facts/ZZZZZ');
    expect(unknown.status).toBe(404);
    const bad = await k.as(u).get('/api/market/facts/%24%24');
    expect(bad.status).toBe(400);
  });
});
