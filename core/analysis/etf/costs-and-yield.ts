import type { Dividend } from '../../market/types.ts';
import { type EngineResult, fail, ok, requireFinite } from '../result.ts';

/**
 * The SEC's fee-table example (Form N-1A, item 3): $10,000 invested for 10 years at 5 % a year
 * before fees. Using the regulator's convention keeps our figure comparable with a prospectus.
 */
export const EXPENSE_COST_DEFAULTS: Readonly<ExpenseCostAssumptions> = { principalCents: 1_000_000, years: 10, grossReturn: 0.05 };

interface ExpenseCostAssumptions {
  principalCents: number;
  years: number;
  /** Fraction a year, before fees. */
  grossReturn: number;
}

export interface ExpenseRatioCost extends ExpenseCostAssumptions {
  /** Fraction, e.g. 0.0009 for 0.09 %. */
  expenseRatio: number;
  /** P × (1 + r)^n. */
  valueWithoutFeeCents: number;
  /** P × ((1 + r)(1 − e))^n: the fee taken from each year-end balance. */
  valueWithFeeCents: number;
  /** The difference: fees paid plus the growth those fees would have earned. */
  costCents: number;
}

/** What an expense ratio costs over `years` on a principal, rounded to the cent only at the end. */
export function computeExpenseRatioCost(
  expenseRatioPct: number | null,
  { principalCents, years, grossReturn }: ExpenseCostAssumptions = EXPENSE_COST_DEFAULTS,
): EngineResult<ExpenseRatioCost> {
  const pct = requireFinite(expenseRatioPct, 'expense_ratio');
  if (!pct.ok) return pct;
  if (pct.value < 0 || pct.value >= 100) return fail('invalid_value', 'expense_ratio', 'The expense ratio must be from 0 % to below 100 %.');
  if (!Number.isInteger(principalCents) || principalCents <= 0)
    return fail('invalid_parameter', 'principal', 'The principal must be a positive whole number of cents.');
  if (!Number.isInteger(years) || years < 0) return fail('invalid_parameter', 'years', 'Years must be a whole number ≥ 0.');
  if (!Number.isFinite(grossReturn) || grossReturn <= -1) return fail('invalid_parameter', 'gross_return', 'The gross return must be a number above −100 %.');
  const expenseRatio = pct.value / 100;
  const without = principalCents * (1 + grossReturn) ** years;
  const withFee = principalCents * ((1 + grossReturn) * (1 - expenseRatio)) ** years;
  return ok({
    expenseRatio,
    principalCents,
    years,
    grossReturn,
    valueWithoutFeeCents: Math.round(without),
    valueWithFeeCents: Math.round(withFee),
    costCents: Math.round(without - withFee),
  });
}

export interface EtfYield {
  /** Fraction, e.g. 0.0149 for 1.49 %. */
  yield: number;
  basis: 'trailing_12m_dividends' | 'reported';
  /** For the trailing basis: Σ dividends with ex-date in (asOf − 1 year, asOf], per share, and how many. */
  dividendsPerShareUsd: number | null;
  events: number | null;
}

/**
 * Trailing-twelve-month dividends over price when the dividend history and a price are known (an
 * empty history is a fund that paid none: 0 %), else the reported yield; neither is `missing_input`.
 */
export function computeEtfYield(input: {
  reportedYieldPct: number | null;
  dividends: readonly Dividend[] | null;
  priceUsd: number | null;
  asOf: string;
}): EngineResult<EtfYield> {
  if (input.dividends && input.priceUsd !== null) {
    if (!(Number.isFinite(input.priceUsd) && input.priceUsd > 0)) return fail('invalid_value', 'price', 'The price must be a positive number.');
    // ISO dates compare as strings, so the window start needs no calendar: 2026-07-02 → after 2025-07-02.
    const after = `${Number(input.asOf.slice(0, 4)) - 1}${input.asOf.slice(4)}`;
    const inWindow = input.dividends.filter((d) => d.ex_date > after && d.ex_date <= input.asOf);
    const perShare = inWindow.reduce((s, d) => s + d.amount, 0);
    if (!Number.isFinite(perShare)) return fail('invalid_value', 'dividends', 'A dividend amount is not a number.');
    return ok({ yield: perShare / input.priceUsd, basis: 'trailing_12m_dividends', dividendsPerShareUsd: perShare, events: inWindow.length });
  }
  const reported = requireFinite(input.reportedYieldPct, 'dividend_yield');
  if (!reported.ok) return reported;
  if (reported.value < 0) return fail('invalid_value', 'dividend_yield', 'The reported yield is negative.');
  return ok({ yield: reported.value / 100, basis: 'reported', dividendsPerShareUsd: null, events: null });
}
