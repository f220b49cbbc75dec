import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisInputs } from '../analysis-types.ts';
import { analysisBuilders } from './index.ts';

/*
 * AAPL's FY2025 annual report (year ended 2025-09-27) was filed on the as-of date of its FY2025 revenue.
 * Run the day before that filing, every company kind must stand on FY2024, every fact must be dated on
 * or before the data day, and the price must be that day's close, not today's.
 */

let latest: AnalysisInputs;
let filed: string;
let dayBefore: string;
let before: AnalysisInputs;

beforeAll(async () => {
  const data = openBundledAnalysisData();
  latest = await data.load('AAPL');
  const { annual } = latest.fundamentals!;
  const i = annual.periods.findIndex((p) => p.fiscal_year === 2025);
  filed = annual.income.find((l) => l.key === 'revenue')!.values[i]!.as_of!;
  const d = new Date(`${filed}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  dayBefore = d.toISOString().slice(0, 10);
  before = await data.load('AAPL', { asOf: dayBefore });
});

describe('AAPL the day before its FY2025 10-K', () => {
  it.each(['fundamental', 'balance-sheet', 'overview', 'dcf'] as const)('%s stands on FY2024 and uses nothing dated later', (kind) => {
    const r = analysisBuilders[kind](before, kind === 'fundamental' ? 'profitability' : null);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.as_of).toBe(dayBefore);
    for (const f of r.value.facts) expect(f.as_of <= dayBefore, `${f.key} as of ${f.as_of}`).toBe(true);
    const margin = r.value.facts.find((f) => f.key === 'net_margin' || f.key === 'fair_value_per_share');
    expect(margin?.period).toMatch(/^FY2024/);
  });

  it('the day the 10-K is filed, FY2025 is used', () => {
    const r = analysisBuilders.fundamental({ ...latest, asOf: filed }, 'profitability');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.facts.find((f) => f.key === 'net_margin')?.period).toBe('FY2025');
  });

  it('the technical analysis ends on the last bar on or before the data day', () => {
    const r = analysisBuilders.technical(before, null);
    if (!r.ok) throw new Error(r.error.message);
    const lastBar = latest.daily!.bars.filter((b) => b.date <= dayBefore).at(-1)!;
    expect(r.value.as_of).toBe(lastBar.date);
    expect(r.value.facts.find((f) => f.key === 'close')?.value).toBe(lastBar.close);
  });
});
