import { type EngineResult, fail, ok } from '../result.ts';
import { computePerShareValue, type DcfCompanyInputs, type DcfParameters, validateDcfCompany } from './two-stage.ts';

export interface DcfGridCell {
  /** Fraction. */
  discountRate: number;
  /** Fraction. */
  terminalGrowth: number;
  /** Null when these two rates cannot be used together, with the reason. */
  perShareUsd: number | null;
  reason: string | null;
}

export interface DcfGrid {
  discountRates: number[];
  terminalGrowths: number[];
  /** rows[i][j]: discountRates[i] × terminalGrowths[j]. */
  rows: DcfGridCell[][];
}

/**
 * `count` rates `step` apart around `centre`, which is always on the axis (the (count − 1) / 2-th,
 * rounded down). Values are rounded to 1e-10 so 0.09 + 3 × 0.005 prints as 0.105.
 */
export function buildRateAxis(centre: number, step: number, count: number): number[] {
  const offset = Math.floor((count - 1) / 2);
  return Array.from({ length: count }, (_, i) => Math.round((centre + (i - offset) * step) * 1e10) / 1e10);
}

/** Per-share value for every discount rate × terminal growth, other parameters fixed. */
export function buildDcfGrid(
  company: DcfCompanyInputs,
  parameters: Omit<DcfParameters, 'discountRate' | 'terminalGrowth'>,
  axes: { discountRates: readonly number[]; terminalGrowths: readonly number[] },
): EngineResult<DcfGrid> {
  for (const [axis, name] of [
    [axes.discountRates, 'discount_rates'],
    [axes.terminalGrowths, 'terminal_growths'],
  ] as const) {
    if (axis.length === 0 || !axis.every(Number.isFinite))
      return fail('invalid_parameter', name, `The ${name.replace('_', ' ')} axis must be a non-empty list of numbers.`);
  }
  const c = validateDcfCompany(company);
  if (!c.ok) return c;
  const rows = axes.discountRates.map((discountRate) =>
    axes.terminalGrowths.map((terminalGrowth): DcfGridCell => {
      const v = computePerShareValue(c.value, { ...parameters, discountRate, terminalGrowth });
      return v.ok
        ? { discountRate, terminalGrowth, perShareUsd: v.value, reason: null }
        : { discountRate, terminalGrowth, perShareUsd: null, reason: v.error.message };
    }),
  );
  return ok({ discountRates: [...axes.discountRates], terminalGrowths: [...axes.terminalGrowths], rows });
}
