import { cagr } from '../analysis/fundamentals/ratio-math.ts';
import type { EngineResult } from '../analysis/result.ts';
import type { Dividend } from '../market/types.ts';

/** A month written YYYY-MM. */
export type Month = string;

const monthIndexOf = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthOf = (index: number): Month => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** Income in cents from a per-share amount: rounded once per payment, as a broker credits it. */
export const toIncomeCents = (amountPerShare: number, shares: number) => Math.round(Number((amountPerShare * shares * 100).toPrecision(12)));

/**
 * The year of payment history the projection copies: ex-dates after the same day a year before
 * `historyEnd`, up to and including it.
 */
export function selectTrailingWindow(historyEnd: string): { after: string; through: string } {
  return { after: `${Number(historyEnd.slice(0, 4)) - 1}${historyEnd.slice(4)}`, through: historyEnd };
}

/** The 12 calendar months the calendar shows: the ones after the month of `startDay` (the data day). */
export function listCalendarMonths(startDay: string): Month[] {
  const first = monthIndexOf(startDay) + 1;
  return Array.from({ length: 12 }, (_, i) => monthOf(first + i));
}

interface ProjectedPayment {
  /** Calendar month the payment is projected into (YYYY-MM). */
  month: Month;
  /** The payment it copies: its ex-date and the date it was paid (the pay date, else the ex-date). */
  exDate: string;
  paidOn: string;
  amountPerShare: number;
}

/**
 * Each payment whose ex-date falls in the trailing window, moved forward to the same calendar month in
 * the 12 months after the data day. The month is the pay date's when the source gives one, else the
 * ex-date's. Amounts stay as last paid: no growth is assumed. When dates drift, a 365-day window can
 * hold the same slot twice (early December last year and early December this year): the older copy,
 * a year before the newer, is dropped, so a quarterly payer projects four payments, not five.
 */
export function projectPayments(dividends: readonly Dividend[], historyEnd: string, startDay: string): ProjectedPayment[] {
  const trailing = selectTrailingWindow(historyEnd);
  const months = listCalendarMonths(startDay);
  const byMonthOfYear = new Map(months.map((m) => [m.slice(5, 7), m]));
  const inWindow = dividends.filter((d) => d.ex_date > trailing.after && d.ex_date <= trailing.through && d.amount > 0);
  const paid = inWindow.map((d) => ({ d, paidOn: d.pay_date ?? d.ex_date, month: monthIndexOf(d.pay_date ?? d.ex_date) }));
  const newest = new Map<number, number>();
  for (const p of paid) newest.set(p.month % 12, Math.max(newest.get(p.month % 12) ?? 0, p.month));
  const out: ProjectedPayment[] = [];
  for (const p of paid) {
    if (p.month < newest.get(p.month % 12)!) continue;
    out.push({ month: byMonthOfYear.get(p.paidOn.slice(5, 7))!, exDate: p.d.ex_date, paidOn: p.paidOn, amountPerShare: p.d.amount });
  }
  return out.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : a.exDate < b.exDate ? -1 : 1));
}

/**
 * Dividends per share by calendar year of the ex-date, for the years the history covers completely: the
 * first year of the history is left out (the source may start mid-year), and so is the year of
 * `historyEnd` unless it ends on 31 December.
 */
export function sumCompleteYears(dividends: readonly Dividend[], historyEnd: string): Array<{ year: number; amount: number }> {
  if (dividends.length === 0) return [];
  let first = Number.POSITIVE_INFINITY;
  const sums = new Map<number, number>();
  for (const d of dividends) {
    if (d.ex_date > historyEnd) continue;
    const y = Number(d.ex_date.slice(0, 4));
    first = Math.min(first, y);
    sums.set(y, (sums.get(y) ?? 0) + d.amount);
  }
  const lastYear = historyEnd.slice(5) === '12-31' ? Number(historyEnd.slice(0, 4)) : Number(historyEnd.slice(0, 4)) - 1;
  const out: Array<{ year: number; amount: number }> = [];
  for (let y = first + 1; y <= lastYear; y++) out.push({ year: y, amount: sums.get(y) ?? 0 });
  return out;
}

interface GrowthStreak {
  /** Years in a row, up to the last complete year, in which dividends per share rose. */
  years: number;
  /** The streak runs back to the first complete year of the history: the true streak may be longer. */
  atLeast: boolean;
}

/** Consecutive yearly increases (strictly higher dividends per share than the year before), newest first. */
export function computeGrowthStreak(years: ReadonlyArray<{ year: number; amount: number }>): GrowthStreak {
  let streak = 0;
  for (let i = years.length - 1; i > 0; i--) {
    if (years[i]!.amount > years[i - 1]!.amount && years[i - 1]!.amount > 0) streak++;
    else return { years: streak, atLeast: false };
  }
  return { years: streak, atLeast: years.length > 0 && streak === years.length - 1 && streak > 0 };
}

/** Dividend growth over `span` years to the last complete year: (DPS_last / DPS_last−span)^(1/span) − 1. */
export function computeDividendCagr(years: ReadonlyArray<{ year: number; amount: number }>, span = 5): EngineResult<number> {
  const last = years.at(-1);
  const start = last ? years.find((y) => y.year === last.year - span) : undefined;
  if (!last || !start)
    return { ok: false, error: { code: 'missing_input', input: 'dividend_history', message: `fewer than ${span + 1} complete years of dividends` } };
  return cagr(start.amount, last.amount, span, 'dividends_per_share');
}
