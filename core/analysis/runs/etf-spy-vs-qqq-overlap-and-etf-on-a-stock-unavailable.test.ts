import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisBody, AnalysisInputs } from '../analysis-types.ts';
import { findUnbackedNumbers } from '../writer/index.ts';
import type { EtfSections } from './etf.ts';
import { analysisBuilders, checkAvailability } from './index.ts';

let data: ReturnType<typeof openBundledAnalysisData>;
let spy: AnalysisInputs;
let body: AnalysisBody<EtfSections>;
const num = (key: string) => body.facts.find((f) => f.key === key)?.value as number;

beforeAll(async () => {
  data = openBundledAnalysisData();
  spy = await data.load('SPY', { compareEtf: 'QQQ' });
  const r = analysisBuilders.etf(spy, null);
  if (!r.ok) throw new Error(r.error.message);
  body = r.value as AnalysisBody<EtfSections>;
});

describe('SPY analysed against QQQ', () => {
  it('expense ratio is the fund’s own figure and the top-10 weight the sum of its ten largest lines', () => {
    expect(num('expense_ratio')).toBe(spy.etf!.expense_ratio_pct);
    // top10_weight = Σ of the ten largest weight_pct, straight from the holdings file.
    const top10 = spy
      .etf!.holdings!.map((h) => h.weight_pct)
      .sort((a, b) => b - a)
      .slice(0, 10)
      .reduce((s, w) => s + w, 0);
    expect(num('top10_weight')).toBeCloseTo(top10, 2);
  });

  it('overlap is the sum over common symbols of the smaller weight', () => {
    // overlap = Σ_{s ∈ SPY ∩ QQQ} min(w_SPY(s), w_QQQ(s)), weights in percent of each fund.
    const qqq = new Map(spy.compareEtf!.holdings!.map((h) => [h.symbol.toUpperCase().replace('-', '.'), h.weight_pct]));
    let overlap = 0;
    let common = 0;
    for (const h of spy.etf!.holdings!) {
      const w = qqq.get(h.symbol.toUpperCase().replace('-', '.'));
      if (w !== undefined) {
        overlap += Math.min(w, h.weight_pct);
        common++;
      }
    }
    expect(num('overlap')).toBeCloseTo(overlap, 1);
    expect(num('common_holdings')).toBe(common);
    expect(body.sections.overlap?.compare_symbol).toBe('QQQ');
  });

  it('lists the 25 largest holdings, largest first, and sector weights summing to 100', () => {
    expect(body.sections.holdings).toHaveLength(25);
    const w = body.sections.holdings.map((h) => h.weight_pct);
    expect([...w].sort((a, b) => b - a)).toEqual(w);
    const total = body.sections.sector_weights.reduce((s, x) => s + x.weight_pct, 0);
    expect(total).toBeCloseTo(100, 0);
  });

  it('the note names the overlap and passes the number check', () => {
    expect(findUnbackedNumbers(body.note, body.facts, [spy.profile.name])).toEqual([]);
    const sentences = [...body.note.strengths, ...body.note.risks];
    expect(sentences.some((s) => s.fact_keys.includes('overlap'))).toBe(true);
  });
});

describe('ETF analysis of a stock', () => {
  it('is unavailable with the reason, before any work', async () => {
    const listing = await data.provider.getListing('AAPL');
    const profile = await data.provider.getProfile!('AAPL');
    expect(checkAvailability('etf', { profile: profile!, coverage: listing!.coverage })).toEqual({
      kind: 'etf',
      reason: 'ETF analysis needs an ETF',
      input: 'etf',
    });
  });
});
