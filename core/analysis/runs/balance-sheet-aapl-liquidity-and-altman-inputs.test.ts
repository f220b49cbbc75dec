import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisBody, AnalysisInputs } from '../analysis-types.ts';
import { findUnbackedNumbers } from '../writer/index.ts';
import type { BalanceSheetSections } from './balance-sheet.ts';
import { analysisBuilders } from './index.ts';

let inputs: AnalysisInputs;
let body: AnalysisBody<BalanceSheetSections>;
const num = (key: string) => body.facts.find((f) => f.key === key)?.value as number;

beforeAll(async () => {
  inputs = await openBundledAnalysisData().load('AAPL');
  const r = analysisBuilders['balance-sheet'](inputs, null);
  if (!r.ok) throw new Error(r.error.message);
  body = r.value as AnalysisBody<BalanceSheetSections>;
});

describe('AAPL balance sheet', () => {
  it('current ratio is current assets over current liabilities of FY2025', () => {
    const { annual } = inputs.fundamentals!;
    const i = annual.periods.findIndex((p) => p.fiscal_year === 2025);
    const line = (k: string) => annual.balance.find((l) => l.key === k)!.values[i]!.value!;
    expect(num('current_ratio')).toBe(Math.round((line('current_assets') / line('current_liabilities')) * 100) / 100);
    expect(num('total_assets')).toBe(line('total_assets'));
  });

  it('Altman Z is the weighted sum of its five inputs (1.2, 1.4, 3.3, 0.6, 1.0 for a manufacturer)', () => {
    const a = body.sections.altman!;
    expect(a.variables).toHaveLength(a.model === 'z' ? 5 : 4);
    const z = a.variables.reduce((s, v) => s + v.weight * v.value, 0);
    expect(a.score).toBeCloseTo(z, 10);
    expect(num('altman_z')).toBe(Math.round(a.score * 100) / 100);
    for (const v of a.variables) expect(num(`altman_${v.id}`)).toBe(Math.round(v.value * 100) / 100);
  });

  it('assets, liabilities and equity by year, oldest first', () => {
    const years = body.sections.lines_by_year.map((r) => r.fiscal_year);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    expect(body.sections.lines_by_year.at(-1)!.values.total_assets).toBe(num('total_assets'));
  });

  it('the note leads with liquidity or leverage and passes the number check', () => {
    expect(findUnbackedNumbers(body.note, body.facts, [inputs.profile.name])).toEqual([]);
    const first = [...body.note.strengths, ...body.note.risks].map((s) => s.fact_keys[0]);
    expect(first.some((k) => ['current_ratio', 'quick_ratio', 'debt_to_equity', 'net_debt_to_ebitda', 'interest_cover', 'altman_z'].includes(k!))).toBe(true);
  });
});
