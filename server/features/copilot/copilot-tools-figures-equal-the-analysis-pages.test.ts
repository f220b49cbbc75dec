import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopilotFact } from '../../../core/copilot/copilot-types.ts';
import { describeOnPglite } from '../../test/db.ts';
import { type CopilotTest, startCopilotTest } from '../../test/copilot-test-kit.ts';
import { openToolSession, runCopilotTool } from './tools/index.ts';

type Fact = { key: string; value: number | string; period: string };
const byKey = (facts: readonly Fact[]) => new Map(facts.map((f) => [f.key, f]));

// A copilot figure must be the analysis page's figure: the tools build analyses with the same input
// loading and builders as a paid run. Each case runs the paid analysis and the tool, fact by fact.
describeOnPglite('copilot tools read the same figures as the analysis pages', (kind) => {
  let k: CopilotTest;
  let user: string;
  beforeAll(async () => {
    k = await startCopilotTest(kind);
    user = await k.createUser();
  });
  afterAll(async () => k?.db.close());
  const tool = (name: string, input: unknown) => runCopilotTool(openToolSession(k.toolDeps, user), { tool: name, input });

  it.each([
    {
      tool: 'get_technical_rating',
      input: { symbol: 'AAPL' },
      run: { symbol: 'AAPL', kind: 'technical' },
      href: '/technical/AAPL',
      keys: ['rsi_14', 'technical_rating', 'sma_200'],
    },
    {
      tool: 'get_dcf',
      input: { symbol: 'MSFT' },
      run: { symbol: 'MSFT', kind: 'dcf' },
      href: '/dcf/MSFT',
      keys: ['fair_value_per_share', 'wacc', 'upside_percent'],
    },
    {
      tool: 'get_ratios',
      input: { symbol: 'KO' },
      run: { symbol: 'KO', kind: 'fundamental', subtype: 'overview' },
      href: '/fundamental-analysis/KO/overview',
      keys: ['net_margin', 'pe_ttm', 'roe'],
    },
  ])('$tool $input.symbol: every figure the paid $run.kind analysis shows, equal, linked to $href', async (c) => {
    const paid = await k.as(user).runAnalysis(c.run);
    expect(paid.status, JSON.stringify(paid.body.error)).toBe(201);
    const result = await tool(c.tool, c.input);
    expect(result.error).toBeUndefined();
    const got = byKey(result.facts);
    const page = byKey(paid.body.facts);
    for (const key of c.keys) {
      expect(got.get(key)?.value, key).toBe(page.get(key)?.value);
      expect((got.get(key) as CopilotFact).href).toBe(c.href);
      expect((got.get(key) as CopilotFact).symbol).toBe(c.run.symbol);
    }
    // Not only the named keys: every figure the tool shares with the page agrees.
    for (const [key, f] of got) if (page.has(key) && f.period === page.get(key)!.period) expect(f.value, key).toBe(page.get(key)!.value);
  });

  it('get_scores: Piotroski F of KO equals the fundamental overview page, Beneish M comes from the financial-health tab', async () => {
    const overview = await k.as(user).runAnalysis({ symbol: 'KO', kind: 'fundamental', subtype: 'overview' });
    const health = await k.as(user).runAnalysis({ symbol: 'KO', kind: 'fundamental', subtype: 'financial-health' });
    const result = await tool('get_scores', { symbol: 'KO' });
    const got = byKey(result.facts);
    expect(got.get('piotroski_f')?.value).toBe(byKey(overview.body.facts).get('piotroski_f')?.value);
    expect((got.get('piotroski_f') as CopilotFact).href).toBe('/fundamental-analysis/KO/overview');
    expect(got.get('beneish_m')?.value).toBe(byKey(health.body.facts).get('beneish_m')?.value);
    expect((got.get('beneish_m') as CopilotFact).href).toBe('/fundamental-analysis/KO/financial-health');
  });

  it('get_technical_rating carries each vote as a label fact: Buy + Sell votes per group equal the counts', async () => {
    const result = await tool('get_technical_rating', { symbol: 'AAPL' });
    const got = byKey(result.facts);
    const votes = result.facts.filter((f) => f.key.startsWith('vote_'));
    expect(votes.length).toBe(Number(got.get('ma_votes')?.value) + Number(got.get('oscillator_votes')?.value));
    expect(votes.filter((v) => v.value === 'Buy').length).toBe(Number(got.get('ma_buy_votes')?.value) + Number(got.get('oscillator_buy_votes')?.value));
    expect(votes.every((v) => ['Buy', 'Sell', 'Neutral'].includes(String(v.value)))).toBe(true);
  });

  // The tools hand the model (and the offline writer) each input's share of a rating or grade, so "why" is answered from figures.
  it('get_technical_rating AAPL: one technical_rating_by_<vote> fact per vote that moved it; 0 + Σ shares = the score (in ten-thousandths)', async () => {
    const r = await tool('get_technical_rating', { symbol: 'AAPL' });
    const shares = r.facts.filter((f) => f.key.startsWith('technical_rating_by_'));
    const votes = r.facts.filter((f) => f.key.startsWith('vote_') && f.value !== 'Neutral');
    expect(shares.length).toBe(votes.length);
    const units = shares.reduce((s, f) => s + Math.round((f.value as number) * 10_000), 0);
    const score = r.facts.find((f) => f.key === 'technical_rating_score')!.value as number;
    // the score fact keeps 2 decimals, the shares 4: they agree to the fact's rounding
    expect(Math.abs(units / 10_000 - score)).toBeLessThanOrEqual(0.005);
    expect(shares[0]!.label).toMatch(/: contribution to the technical rating$/);
    expect(shares.every((f) => f.href === '/technical/AAPL')).toBe(true);
  });

  it('get_scores KO: each grade’s metric shares, linked to the tab that shows the grade', async () => {
    const r = await tool('get_scores', { symbol: 'KO' });
    const shares = r.facts.filter((f) => f.key.startsWith('grade_value_by_'));
    expect(shares.length).toBeGreaterThan(0);
    expect(shares.every((f) => f.href === '/fundamental-analysis/KO/overview')).toBe(true);
    expect(r.facts.some((f) => f.key.startsWith('altman_z_by_'))).toBe(true);
  });

  it('get_price_stats AAPL 1y: change = last close / close a year before − 1, from the same history', async () => {
    const history = await k.market.getHistory('AAPL', 'max');
    const last = history.bars.at(-1)!;
    const start = `${Number(last.date.slice(0, 4)) - 1}${last.date.slice(4)}`;
    const base = history.bars.filter((b) => b.date <= start).at(-1)!;
    const result = await tool('get_price_stats', { symbol: 'aapl', period: '1y' });
    const got = byKey(result.facts);
    expect(got.get('start_close')?.value).toBe(Math.round(base.close * 100) / 100);
    expect(got.get('end_close')?.value).toBe(Math.round(last.close * 100) / 100);
    // e.g. 210.00 / 180.00 − 1 = 16.67 %
    expect(got.get('price_change_percent')?.value).toBe(Math.round((last.close / base.close - 1) * 10000) / 100);
    expect(got.get('price_change_percent')?.period).toBe(`${base.date} to ${last.date}`);
  });

  it('get_dcf with a chosen WACC one point above the model: a lower fair value, the chosen inputs in the facts', async () => {
    const base = byKey((await tool('get_dcf', { symbol: 'MSFT' })).facts);
    const wacc = Number(base.get('wacc')!.value);
    const chosen = byKey((await tool('get_dcf', { symbol: 'MSFT', wacc_pct: wacc + 1 })).facts);
    expect(chosen.get('wacc')?.value).toBe(Math.round((wacc + 1) * 100) / 100);
    expect(Number(chosen.get('fair_value_per_share')!.value)).toBeLessThan(Number(base.get('fair_value_per_share')!.value));
    expect(chosen.get('price')?.value).toBe(base.get('price')?.value);
    // Terminal growth within 1.5 points of the WACC: the engine's guard refuses, as an error, not a throw.
    const refused = await tool('get_dcf', { symbol: 'MSFT', wacc_pct: 4, terminal_growth_pct: 3 });
    expect(refused.error?.code).toBe('UNPROCESSABLE');
    expect(refused.facts).toEqual([]);
  });

  it('screen: P/E at most 15 by dividend yield, top 5: the rows and figures the screener API answers, each linked to its tab', async () => {
    const query = { filters: [{ field: 'pe_ttm', max: 15 }], sort: { field: 'dividend_yield', dir: 'desc' }, limit: 5 };
    const result = await tool('screen', query);
    expect(result.error).toBeUndefined();
    const api = await k.t.json('POST', '/api/screener/query', {
      filters: query.filters,
      sort: query.sort,
      columns: ['pe_ttm', 'dividend_yield'],
      page: 1,
      page_size: 5,
    });
    expect(api.status).toBe(200);
    const symbols = [...new Set(result.facts.filter((f) => f.symbol).map((f) => f.symbol))];
    expect(symbols).toEqual(api.body.rows.map((r: { symbol: string }) => r.symbol));
    for (const row of api.body.rows as Array<{ symbol: string; values: Record<string, number | null> }>) {
      const pe = result.facts.find((f) => f.symbol === row.symbol && f.key === 'pe_ttm');
      expect(pe?.value).toBe(row.values.pe_ttm);
      expect(Number(pe?.value)).toBeLessThanOrEqual(15);
      expect(result.facts.find((f) => f.symbol === row.symbol && f.key === 'dividend_yield')?.href).toBe(`/fundamental-analysis/${row.symbol}/dividends`);
    }
    expect(result.facts.find((f) => f.key === 'screen_matches')?.value).toBe(api.body.total);
    // The screener's own checks: an unknown field is an error the model can read.
    expect((await tool('screen', { filters: [{ field: 'favourite_colour', min: 1 }] })).error?.code).toBe('VALIDATION_FAILED');
  });

  describe('user-level problems come back as errors, never throws', () => {
    it.each([
      ['an unknown symbol', 'get_quote', { symbol: 'ZZZZQ' }, 'UNKNOWN_SYMBOL'],
      ['a malformed symbol', 'get_ratios', { symbol: '$$$' }, 'INVALID_SYMBOL'],
      ['a stock kind on an ETF', 'get_scores', { symbol: 'SPY' }, 'UNPROCESSABLE'],
      ['a period the tool does not know', 'get_price_stats', { symbol: 'AAPL', period: '2w' }, 'VALIDATION_FAILED'],
      ['a user id smuggled into the input', 'list_my_analyses', { user_id: 'someone-else' }, 'VALIDATION_FAILED'],
      ['a tool that does not exist', 'delete_everything', {}, 'UNKNOWN_TOOL'],
    ])('%s → %s answers %s', async (_why, name, input, code) => {
      const result = await tool(name, input);
      expect(result.error?.code).toBe(code);
      expect(result.facts).toEqual([]);
    });
  });

  it('compare_symbols KO and PEP on P/E and net margin: each value equals that symbol’s own ratios tool', async () => {
    const result = await tool('compare_symbols', { symbols: ['KO', 'pep'], keys: ['pe_ttm', 'net_margin'] });
    expect(result.error).toBeUndefined();
    for (const s of ['KO', 'PEP']) {
      const own = byKey((await tool('get_ratios', { symbol: s })).facts);
      for (const key of ['pe_ttm', 'net_margin']) {
        const f = result.facts.find((x) => x.symbol === s && x.key === key);
        expect(f?.value, `${s} ${key}`).toBe(own.get(key)?.value);
      }
    }
  });
});
