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
  it('price changes are over calendar windows on the daily closes: 3 and 6 months back, and 12 to 1 month back', () => {
    // Each end is the last close on or before the same day that many months back (2026-07-02 − 3 months = 2026-04-02, …).
    const bars = inputs.daily!.bars.filter((b) => b.date <= inputs.asOf);
    const last = bars.at(-1)!;
    const onOrBefore = (day: string) => bars.filter((b) => b.date <= day).at(-1)!.close;
    const monthsBack = (months: number) => {
      const d = new Date(`${last.date}T00:00:00Z`);
      const day = d.getUTCDate();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() - months);
      d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
      return d.toISOString().slice(0, 10);
    };
    const pct = (a: number, b: number) => Math.round((a / b - 1) * 10000) / 100;
    expect(num('return_3m')).toBe(pct(last.close, onOrBefore(monthsBack(3))));
    expect(num('return_6m')).toBe(pct(last.close, onOrBefore(monthsBack(6))));
    expect(num('return_12m_ex_1m')).toBe(pct(onOrBefore(monthsBack(1)), onOrBefore(monthsBack(12))));
    expect(body.sections.performance.return_6m).toBe(num('return_6m'));
  });

  it('carries the rating label, key ratios and the five grades, and its note passes the number check', () => {
    expect(['Strong Buy', 'Buy', 'Neutral', 'Sell', 'Strong Sell']).toContain(num('technical_rating'));
    for (const k of ['net_margin', 'roe', 'pe_ttm', 'piotroski_f', 'altman_z']) expect(typeof num(k), k).toBe('number');
    expect(body.sections.grades.map((g) => g.category)).toEqual(['value', 'growth', 'profitability', 'health', 'momentum']);
    expect(findUnbackedNumbers(body.note, body.facts, [inputs.profile.name])).toEqual([]);
  });
});
