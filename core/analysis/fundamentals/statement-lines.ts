import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { valueOf as reportedValue } from '../financials.ts';

/**
 * Lines the engines read, with the documented fallbacks when a line is not reported but follows from
 * others by an accounting identity. A fallback never invents a figure: if its inputs are missing too,
 * the answer is null ("not reported").
 */

/** Gross profit, else revenue − cost of revenue. */
export function grossProfitOf(p: FinancialPeriod | undefined): number | null {
  const reported = reportedValue(p, 'gross_profit');
  if (reported !== null) return reported;
  const revenue = reportedValue(p, 'revenue');
  const cost = reportedValue(p, 'cost_of_revenue');
  return revenue === null || cost === null ? null : revenue - cost;
}

/**
 * EBITDA, defined once (issue 29, item 6): operating income + depreciation and amortisation, both from the
 * filings. A vendor's own EBITDA line is not used: it folds in non-operating items (a median gap of 5.5 %,
 * 45–60 % for ABBV, CVS and PFE, and positive for BA on a negative operating EBITDA). Missing either part,
 * there is no EBITDA (and no multiple on it), never a different figure.
 */
export function ebitdaOf(p: FinancialPeriod | undefined): number | null {
  const oi = reportedValue(p, 'operating_income');
  const da = reportedValue(p, 'depreciation_amortization');
  return oi === null || da === null ? null : oi + da;
}

/** Total debt, else long-term debt (the short-term part is then unknown and taken as included). */
export function totalDebtOf(p: FinancialPeriod | undefined): number | null {
  return reportedValue(p, 'total_debt') ?? reportedValue(p, 'long_term_debt');
}

/** Equity attributable to non-controlling interests: absent means there is none. */
export function noncontrollingInterestOf(p: FinancialPeriod | undefined): number {
  return reportedValue(p, 'noncontrolling_interest') ?? 0;
}

/** Total liabilities, else total assets − parent equity − non-controlling interests. */
export function totalLiabilitiesOf(p: FinancialPeriod | undefined): number | null {
  const reported = reportedValue(p, 'total_liabilities');
  if (reported !== null) return reported;
  const assets = reportedValue(p, 'total_assets');
  const equity = reportedValue(p, 'total_equity');
  return assets === null || equity === null ? null : assets - equity - noncontrollingInterestOf(p);
}

/** Free cash flow, else operating cash flow − capital expenditure (capex is a positive outflow). */
export function freeCashFlowOf(p: FinancialPeriod | undefined): number | null {
  const reported = reportedValue(p, 'free_cash_flow');
  if (reported !== null) return reported;
  const ocf = reportedValue(p, 'operating_cash_flow');
  const capex = reportedValue(p, 'capital_expenditure');
  return ocf === null || capex === null ? null : ocf - capex;
}

/** Cash plus short-term investments; short-term investments absent count as none, cash absent is unknown. */
export function cashAndInvestmentsOf(p: FinancialPeriod | undefined): number | null {
  const cash = reportedValue(p, 'cash');
  return cash === null ? null : cash + (reportedValue(p, 'short_term_investments') ?? 0);
}

type LineReader = (p: FinancialPeriod | undefined) => number | null;

/** Reads a plain line, or one of the derived lines above, by the same name the statements use. */
const DERIVED_LINES: Readonly<Record<string, LineReader>> = {
  gross_profit: grossProfitOf,
  ebitda: ebitdaOf,
  total_debt: totalDebtOf,
  total_liabilities: totalLiabilitiesOf,
  free_cash_flow: freeCashFlowOf,
};

export function lineOf(p: FinancialPeriod | undefined, key: string): number | null {
  const derived = DERIVED_LINES[key];
  return derived ? derived(p) : reportedValue(p, key);
}

/** The latest fiscal year, and the one `yearsBack` before it by fiscal year (gaps in the data are not papered over). */
export function findLatestAnnual(f: CompanyFinancials): FinancialPeriod | undefined {
  return f.annual.at(-1);
}

export function findAnnualYearsBefore(f: CompanyFinancials, period: FinancialPeriod, yearsBack: number): FinancialPeriod | undefined {
  const year = period.fiscalYear - yearsBack;
  for (let i = f.annual.length - 1; i >= 0; i--) {
    const p = f.annual[i]!;
    if (p.fiscalYear === year) return p;
    if (p.fiscalYear < year) return undefined;
  }
  return undefined;
}

/** The latest diluted share count: the newest quarter reporting it, else the newest fiscal year. */
export function findLatestDilutedShares(f: CompanyFinancials): { shares: number; end: string } | null {
  let best: { shares: number; end: string } | null = null;
  for (const periods of [f.quarterly, f.annual]) {
    for (let i = periods.length - 1; i >= 0; i--) {
      const shares = reportedValue(periods[i], 'shares_diluted');
      if (shares !== null && shares > 0) {
        if (!best || periods[i]!.end > best.end) best = { shares, end: periods[i]!.end };
        break;
      }
    }
  }
  return best;
}
