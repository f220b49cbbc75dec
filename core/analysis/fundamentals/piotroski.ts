import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import type { CompanyClass } from './company-class.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { describeInputsInText } from '../describe-inputs.ts';
import { findAnnualYearsBefore, findLatestAnnual, lineOf } from './statement-lines.ts';

export type PiotroskiTestId =
  | 'roa_positive'
  | 'cfo_positive'
  | 'roa_improved'
  | 'cfo_exceeds_net_income'
  | 'leverage_fell'
  | 'current_ratio_rose'
  | 'no_new_shares'
  | 'gross_margin_rose'
  | 'asset_turnover_rose';

export interface PiotroskiTest {
  id: PiotroskiTestId;
  label: string;
  /** Null when an input is missing: the test counts as not passed and `missing` names the inputs. */
  passed: boolean | null;
  /** The figures compared (this year's and last year's measure, or the one measure tested against 0). */
  current: number | null;
  prior: number | null;
  missing: string[];
}

export interface PiotroskiScore {
  /** 0..9: the number of tests passed. */
  score: number;
  /** Tests with all inputs (9 for a complete score). */
  evaluated: number;
  fiscalYear: number;
  tests: PiotroskiTest[];
}

type Years = { t: FinancialPeriod; t1: FinancialPeriod; t2: FinancialPeriod | undefined };

/** A fiscal year as the page names it: "FY2025". */
const fy = (p: FinancialPeriod) => `FY${p.fiscalYear}`;

/**
 * Reads a line, recording what is missing in words ("current assets FY2025") so each test says what it
 * lacked on the page, the scorecard and the attribution (built only then).
 */
function makeReader(missing: string[]) {
  return (p: FinancialPeriod | undefined, key: string, when: string): number | null => {
    const v = lineOf(p, key);
    if (v === null) {
      const label = `${describeInputsInText(key)} ${when}`;
      if (!missing.includes(label)) missing.push(label);
    }
    return v;
  };
}

const divideOrNull = (n: number | null, d: number | null) => {
  if (n === null || d === null || d <= 0) return null;
  const q = n / d;
  return Number.isFinite(q) ? q : null;
};

function makeTest(
  id: PiotroskiTestId,
  label: string,
  measure: (y: Years, get: ReturnType<typeof makeReader>) => [current: number | null, prior: number | null],
  pass: (current: number, prior: number) => boolean,
) {
  return (y: Years): PiotroskiTest => {
    const missing: string[] = [];
    const [current, prior] = measure(y, makeReader(missing));
    const complete = current !== null && prior !== null && missing.length === 0;
    if (!complete && missing.length === 0) missing.push('a positive denominator (a finite ratio)');
    return { id, label, passed: complete ? pass(current, prior) : null, current, prior, missing };
  };
}

const measureRoa = (get: ReturnType<typeof makeReader>, year: FinancialPeriod, begin: FinancialPeriod | undefined, tag: string) =>
  divideOrNull(get(year, 'net_income', tag), get(begin, 'total_assets', `at the start of ${tag}`));
const measureCurrentRatio = (get: ReturnType<typeof makeReader>, p: FinancialPeriod, tag: string) =>
  divideOrNull(get(p, 'current_assets', tag), get(p, 'current_liabilities', tag));
const measureGrossMargin = (get: ReturnType<typeof makeReader>, p: FinancialPeriod, tag: string) =>
  divideOrNull(get(p, 'gross_profit', tag), get(p, 'revenue', tag));

/**
 * Piotroski's nine tests (2000), with his scaling by total assets at the start of the year. Leverage is
 * long-term debt / year-end total assets; "no new shares" compares diluted weighted shares (the data
 * has no issuance line), so a split-adjusted count that did not rise passes.
 */
const TESTS = [
  makeTest(
    'roa_positive',
    'Return on assets > 0',
    (y, get) => [measureRoa(get, y.t, y.t1, fy(y.t)), 0],
    (c) => c > 0,
  ),
  makeTest(
    'cfo_positive',
    'Operating cash flow > 0',
    (y, get) => [divideOrNull(get(y.t, 'operating_cash_flow', fy(y.t)), get(y.t1, 'total_assets', `at the start of ${fy(y.t)}`)), 0],
    (c) => c > 0,
  ),
  makeTest(
    'roa_improved',
    'Return on assets rose',
    (y, get) => [measureRoa(get, y.t, y.t1, fy(y.t)), measureRoa(get, y.t1, y.t2, fy(y.t1))],
    (c, p) => c > p,
  ),
  makeTest(
    'cfo_exceeds_net_income',
    'Operating cash flow / assets > return on assets (accruals)',
    (y, get) => [
      divideOrNull(get(y.t, 'operating_cash_flow', fy(y.t)), get(y.t1, 'total_assets', `at the start of ${fy(y.t)}`)),
      measureRoa(get, y.t, y.t1, fy(y.t)),
    ],
    (c, p) => c > p,
  ),
  makeTest(
    'leverage_fell',
    'Long-term debt / assets fell',
    (y, get) => [
      divideOrNull(get(y.t, 'long_term_debt', fy(y.t)), get(y.t, 'total_assets', fy(y.t))),
      divideOrNull(get(y.t1, 'long_term_debt', fy(y.t1)), get(y.t1, 'total_assets', fy(y.t1))),
    ],
    // No long-term debt in either year is no increase in leverage.
    (c, p) => c < p || (c === 0 && p === 0),
  ),
  makeTest(
    'current_ratio_rose',
    'Current ratio rose',
    (y, get) => [measureCurrentRatio(get, y.t, fy(y.t)), measureCurrentRatio(get, y.t1, fy(y.t1))],
    (c, p) => c > p,
  ),
  makeTest(
    'no_new_shares',
    'No new shares (diluted count did not rise)',
    (y, get) => [get(y.t, 'shares_diluted', fy(y.t)), get(y.t1, 'shares_diluted', fy(y.t1))],
    (c, p) => c <= p,
  ),
  makeTest(
    'gross_margin_rose',
    'Gross margin rose',
    (y, get) => [measureGrossMargin(get, y.t, fy(y.t)), measureGrossMargin(get, y.t1, fy(y.t1))],
    (c, p) => c > p,
  ),
  makeTest(
    'asset_turnover_rose',
    'Asset turnover rose',
    (y, get) => [
      divideOrNull(get(y.t, 'revenue', fy(y.t)), get(y.t1, 'total_assets', `at the start of ${fy(y.t)}`)),
      divideOrNull(get(y.t1, 'revenue', fy(y.t1)), get(y.t2, 'total_assets', `at the start of ${fy(y.t1)}`)),
    ],
    (c, p) => c > p,
  ),
];

/**
 * Piotroski F-score for the latest fiscal year: 1 point per test passed (0..9). Needs that year and the
 * one before; the year before that only scales last year's ROA and turnover. A test whose inputs are
 * missing is returned with `passed: null` and what it lacked, and counts as not passed.
 *
 * Banks and insurers get `not_applicable`, never a partial score on the full scale: a lender reports no
 * current assets, gross margin or revenue-based turnover in Piotroski's sense, so at most seven tests run and
 * "3 of 9" would read as weak when it only counts what could be asked.
 */
export function computePiotroski(f: CompanyFinancials, companyClass: CompanyClass | null = null): EngineResult<PiotroskiScore> {
  if (companyClass === 'bank' || companyClass === 'insurer')
    return fail(
      'not_applicable',
      'company_class',
      `the Piotroski F-score is not applicable to ${companyClass === 'bank' ? 'banks' : 'insurers'}: its current-ratio, gross-margin and asset-turnover tests do not fit a balance sheet of loans and deposits or policies and reserves`,
    );
  const t = findLatestAnnual(f);
  if (!t) return fail('missing_input', 'annual_statements', `${f.symbol} has no annual statements`);
  const t1 = findAnnualYearsBefore(f, t, 1);
  if (!t1) return fail('missing_input', 'prior_year', `Piotroski compares two fiscal years: FY${t.fiscalYear - 1} is missing`);
  const years = { t, t1, t2: findAnnualYearsBefore(f, t, 2) };
  const tests = TESTS.map((run) => run(years));
  return ok({
    score: tests.filter((x) => x.passed === true).length,
    evaluated: tests.filter((x) => x.passed !== null).length,
    fiscalYear: t.fiscalYear,
    tests,
  });
}
