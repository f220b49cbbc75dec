import type { Fundamentals, StatementSet } from '../market/types.ts';

/**
 * The engines' view of one company's normalised statements: periods oldest first, each a map of line
 * key (core/market/statements.ts) to value, with null for "not reported". Built from the API's
 * `Fundamentals` so the engines see exactly what users see (split-adjusted, outflows positive, equity
 * attributable to the parent with NCI as its own line `noncontrolling_interest`).
 */
export interface FinancialPeriod {
  end: string;
  fiscalYear: number;
  /** Line key → value (USD, USD/share or shares per the line's unit); null when not reported. */
  values: Readonly<Record<string, number | null>>;
  /** Line key → filing date of that value (its point-in-time as-of). */
  filed: Readonly<Record<string, string | null>>;
}

export interface CompanyFinancials {
  symbol: string;
  annual: FinancialPeriod[];
  quarterly: FinancialPeriod[];
}

function toPeriods(set: StatementSet): FinancialPeriod[] {
  const periods = set.periods.map((p) => ({
    end: p.end,
    fiscalYear: p.fiscal_year,
    values: {} as Record<string, number | null>,
    filed: {} as Record<string, string | null>,
  }));
  for (const line of [...set.income, ...set.balance, ...set.cash_flow]) {
    line.values.forEach((figure, i) => {
      periods[i]!.values[line.key] = figure.value;
      periods[i]!.filed[line.key] = figure.as_of;
    });
  }
  return periods;
}

export function toCompanyFinancials(f: Fundamentals): CompanyFinancials {
  return { symbol: f.symbol, annual: toPeriods(f.annual), quarterly: toPeriods(f.quarterly) };
}

/** A line's value in a period, null when absent or not reported. */
// biome-ignore lint/suspicious/noShadowRestrictedNames: a module export, never confused with Object.prototype.valueOf at call sites
export function valueOf(period: FinancialPeriod | undefined, key: string): number | null {
  const v = period?.values[key];
  return v === undefined || v === null || !Number.isFinite(v) ? null : v;
}
