import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisBody, AnalysisInputs } from '../analysis-types.ts';
import { findUnbackedNumbers } from '../writer/index.ts';
import { analysisBuilders } from './index.ts';
import type { OverviewSections } from './overview.ts';

let inputs: AnalysisInputs;
let body: AnalysisBody<OverviewSections>;
const num = (key: string) => body.facts.find((f) => f.key === key)?.value;

beforeAll(async () => {
  inputs = await openBundledAnalysisData().load('MSFT');
  const r = analysisBuilders.overview(inputs, null);
  if (!r.ok) throw new Error(r.error.message);
  body = r.value as AnalysisBody<OverviewSections>;
});

describe('MSFT quick overview', () => {
  it('price changes are between month-end closes: 3 and 6 months back, and 12 to 1 month back', () => {
    // Month-end closes: the last bar of each calendar month (the current, partial month included).
    const bars = inputs.daily!.bars;
    const ends = bars.filter((b, i) => bars[i + 1]?.date.slice(0, 7) !== b.date.slice(0, 7)).map((b) => b.close);
    const n = ends.length - 1;
    const pct = (a: number, b: number) => Math.round((ends[a]! / ends[b]! - 1) * 10000) / 100;
    expect(num('return_3m')).toBe(pct(n, n - 3));
    expect(num('return_6m')).toBe(pct(n, n - 6));
    expect(num('return_12m_ex_1m')).toBe(pct(n - 1, n - 12));
    expect(body.sections.performance.return_6m).toBe(num('return_6m'));
  });

  it('carries the rating label, key ratios and the five grades, and its note passes the number check', () => {
    expect(['Strong Buy', 'Buy', 'Neutral', 'Sell', 'Strong Sell']).toContain(num('technical_rating'));
    for (const k of ['net_margin', 'roe', 'pe_ttm', 'piotroski_f', 'altman_z']) expect(typeof num(k), k).toBe('number');
    expect(body.sections.grades.map((g) => g.category)).toEqual(['value', 'growth', 'profitability', 'health', 'momentum']);
    expect(findUnbackedNumbers(body.note, body.facts, [inputs.profile.name])).toEqual([]);
  });
});
