import type { CompanyFinancials } from '../financials.ts';
import { freeCashFlowOf, lineOf } from '../fundamentals/statement-lines.ts';
import { DCF_GROWTH_RANGE, DCF_PERIOD_DEFAULTS } from './assumptions.ts';
import type { DcfStudioInputs } from './studio.ts';

/** How many fiscal years the presets look back over (5 yearly changes), and the fewest that still say something (3). */
const PRESET_HISTORY = { maxYears: 6, minYears: 4 } as const;

/** Conservative and optimistic terminal growth sit this far below and above the base's 2.5 %. */
export const PRESET_TERMINAL_SPREAD = 0.005;

export interface DcfGrowthHistory {
  /** Free cash flow when every year of the window has a positive one; else revenue. */
  line: 'free_cash_flow' | 'revenue';
  /** Consecutive fiscal years, oldest first. */
  values: Array<{ fiscalYear: number; value: number }>;
  /** value_t / value_{t−1} − 1 for each year after the first (fractions). */
  yearlyGrowth: number[];
  /** (last / first)^(1 / years) − 1. */
  cagr: number;
}

export type DcfPresetName = 'conservative' | 'base' | 'optimistic';

/** The newest run of consecutive fiscal years (at most `maxYears`) where `read` gives a positive value. */
function readPositiveWindow(f: CompanyFinancials, read: (p: CompanyFinancials['annual'][number]) => number | null) {
  const out: Array<{ fiscalYear: number; value: number }> = [];
  for (let i = f.annual.length - 1; i >= 0 && out.length < PRESET_HISTORY.maxYears; i--) {
    const p = f.annual[i]!;
    const v = read(p);
    const consecutive = out.length === 0 || out[0]!.fiscalYear === p.fiscalYear + 1;
    if (v === null || !(v > 0) || !consecutive) break;
    out.unshift({ fiscalYear: p.fiscalYear, value: v });
  }
  return out;
}

/**
 * The company's growth record: free cash flow over up to six consecutive fiscal years when it is
 * positive in each (growth of a negative cash flow has no meaning), else revenue; null when neither has
 * four such years.
 */
export function measureGrowthHistory(f: CompanyFinancials): DcfGrowthHistory | null {
  const candidates = [
    ['free_cash_flow', readPositiveWindow(f, freeCashFlowOf)],
    ['revenue', readPositiveWindow(f, (p) => lineOf(p, 'revenue'))],
  ] as const;
  for (const [line, values] of candidates) {
    if (values.length < PRESET_HISTORY.minYears) continue;
    const yearlyGrowth = values.slice(1).map((v, i) => v.value / values[i]!.value - 1);
    const cagr = (values.at(-1)!.value / values[0]!.value) ** (1 / yearlyGrowth.length) - 1;
    return { line, values, yearlyGrowth, cagr };
  }
  return null;
}

/** The q-quantile with linear interpolation between order statistics (position (n − 1) × q, as spreadsheets' QUARTILE.INC). */
export function computeQuantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Growth held within DCF_GROWTH_RANGE (the presets and the valuation clamp alike). */
export const clampGrowth = (g: number) => Math.min(DCF_GROWTH_RANGE.max, Math.max(DCF_GROWTH_RANGE.min, g));

/**
 * Three starting points from the company's own record, each clamped to DCF_GROWTH_RANGE:
 * - base: the CAGR over the window, terminal growth 2.5 %;
 * - conservative: the lower quartile of its yearly growth (a typical bad year, not the worst), 2.0 %;
 * - optimistic: the upper quartile (a typical good year), 3.0 %.
 * Conservative never exceeds base and optimistic never falls below it. Without a record all three grow
 * at 0 % and differ only in terminal growth. Every other input (WACC, years) is the caller's `base`.
 */
export function deriveDcfPresets(history: DcfGrowthHistory | null, base: DcfStudioInputs): Record<DcfPresetName, DcfStudioInputs> {
  const baseGrowth = history ? clampGrowth(history.cagr) : 0;
  const low = history ? Math.min(baseGrowth, clampGrowth(computeQuantile(history.yearlyGrowth, 0.25))) : 0;
  const high = history ? Math.max(baseGrowth, clampGrowth(computeQuantile(history.yearlyGrowth, 0.75))) : 0;
  const g = DCF_PERIOD_DEFAULTS.terminalGrowth;
  return {
    conservative: { ...base, explicit_growth: low, terminal_growth: g - PRESET_TERMINAL_SPREAD },
    base: { ...base, explicit_growth: baseGrowth, terminal_growth: g },
    optimistic: { ...base, explicit_growth: high, terminal_growth: g + PRESET_TERMINAL_SPREAD },
  };
}
