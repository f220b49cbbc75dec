import type { Dividend, DividendRecords } from '../../market/types.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { formatCount } from '../../text/plural.ts';

/*
 * A name's dividend payments and the days its records cover, and the two figures every surface reads
 * from them: the trailing-twelve-month yield and the dividend streaks, worded by one function.
 * docs/dividends.md explains the definitions and why they are these.
 */

export interface DividendHistory {
  /** Payments per share, split-adjusted, oldest first. */
  events: readonly Dividend[];
  /** The days the records cover; null when the source does not say (then nothing is inferred from an absence). */
  records: DividendRecords | null;
}

/** Records cut at the data day (point in time): nothing after it is known, so nothing after it is covered. */
export function cutRecords(r: DividendRecords | null | undefined, asOf: string): DividendRecords | null {
  return r && r.from <= asOf ? { from: r.from, through: r.through < asOf ? r.through : asOf } : null;
}

/** A name's history as an analysis knows it on its data day. */
export const toDividendHistory = (inputs: { dividends: readonly Dividend[]; dividendRecords?: DividendRecords | null }): DividendHistory => ({
  events: inputs.dividends,
  records: inputs.dividendRecords ?? null,
});

const DAY_MS = 86_400_000;
const TTM_DAYS = 365;

/** `day` minus `days` calendar days, ISO. */
function shiftDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

interface TrailingYield {
  /** Fraction (0.0242 = 2.42 %). */
  yield: number;
  /** Σ amounts of the payments in the window, per share. */
  total: number;
  payments: readonly Dividend[];
  /** Ex-dates after `after`, through `through` (the price date). */
  after: string;
  through: string;
}

/**
 * The trailing-twelve-month dividend yield: Σ cash dividends with an ex-date in the 365 days up to the
 * price date (after priceDate − 365 days, through priceDate) ÷ that day's close. Absent, with the reason,
 * when the records stop before the price date: a window the records do not cover would read a gap as a cut.
 */
export function computeTrailingDividendYield(history: DividendHistory, priceDate: string, close: number): EngineResult<TrailingYield> {
  if (!(close > 0)) return fail('invalid_value', 'price', `no positive close on ${priceDate}`);
  const after = shiftDays(priceDate, TTM_DAYS);
  const { records } = history;
  if (records && records.through < priceDate)
    return fail(
      'missing_input',
      'dividends',
      `the dividend records end on ${records.through}, before the price date ${priceDate}: the 12 months to it are not covered`,
    );
  if (records && records.from > after)
    return fail('missing_input', 'dividends', `the dividend records start on ${records.from}, inside the 12 months to ${priceDate}`);
  const payments = history.events.filter((d) => d.ex_date > after && d.ex_date <= priceDate && d.amount > 0);
  // Without records' days, an empty window is an absence, not a fact: LHX pays $4.80 a year and has no records in the
  // bundled snapshot, so "no dividend went ex" would state what the data cannot know.
  if (payments.length === 0 && !records)
    return fail('missing_input', 'dividends', `no dividend on record for the 12 months to ${priceDate} (the records' coverage is unknown)`);
  const total = payments.reduce((s, d) => s + d.amount, 0);
  return ok({ yield: total / close, total, payments, after, through: priceDate });
}

/**
 * Payments that are not the regular rate: an isolated outlier, more than half again above both neighbours
 * (a special or an extra, e.g. a year-end special or a spin-off booked as a dividend) or below two thirds of
 * both (a mis-scaled record). The last payment is checked against the one before it only.
 */
function isIrregular(events: readonly Dividend[], i: number): boolean {
  const before = events[i - 1]?.amount;
  const after = events[i + 1]?.amount;
  const x = events[i]!.amount;
  if (before === undefined) return false;
  const above = x > 1.5 * before && (after === undefined || x > 1.5 * after);
  const below = 1.5 * x < before && (after === undefined || 1.5 * x < after);
  return above || below;
}

/**
 * The regular dividend per payment in each calendar year: the mean of the year's regular payments, 0 in a
 * year without one. Years run from the first year with a payment to the last year the records cover to
 * 31 December. A mean per payment, not a yearly sum, keeps an ex-date that slips across New Year (five
 * payments in one year, three in the next) from reading as a raise and then a cut.
 */
export function listYearlyRates(history: DividendHistory, through: string): Array<{ year: number; rate: number }> {
  const end = history.records && history.records.through < through ? history.records.through : through;
  const lastYear = end.slice(5) === '12-31' ? Number(end.slice(0, 4)) : Number(end.slice(0, 4)) - 1;
  const events = history.events.filter((d) => d.amount > 0 && d.ex_date <= end);
  const sums = new Map<number, { total: number; count: number }>();
  events.forEach((d, i) => {
    if (isIrregular(events, i)) return;
    const y = Number(d.ex_date.slice(0, 4));
    const had = sums.get(y) ?? { total: 0, count: 0 };
    sums.set(y, { total: had.total + d.amount, count: had.count + 1 });
  });
  const out: Array<{ year: number; rate: number }> = [];
  const firstYear = events.length > 0 ? Number(events[0]!.ex_date.slice(0, 4)) : lastYear + 1;
  for (let year = firstYear; year <= lastYear; year++) {
    const y = sums.get(year);
    out.push({ year, rate: y ? y.total / y.count : 0 });
  }
  return out;
}

export interface DividendStreak {
  /** Years in a row, to the last complete year, in which the yearly rate rose (growth) or did not fall (no cut). */
  years: number;
  /** The streak reaches back to the first year in the records: the true streak may be longer. */
  clipped: boolean;
  /** First year of the records the streak was measured on. */
  dataFrom: number;
  /** The last complete year the streak is counted to. */
  throughYear: number;
}

/**
 * A streak over yearly rates (`listYearlyRates`), newest first: `growth` counts years whose rate is strictly above the year
 * before, `no_cut` years whose rate is not below it (and above zero). Null without two complete years.
 */
export function measureDividendStreak(history: DividendHistory, through: string, kind: 'growth' | 'no_cut'): DividendStreak | null {
  const rates = listYearlyRates(history, through);
  if (rates.length < 2) return null;
  const dataFrom = history.records ? Math.min(Number(history.records.from.slice(0, 4)), rates[0]!.year) : rates[0]!.year;
  let years = 0;
  for (let i = rates.length - 1; i > 0; i--) {
    const now = rates[i]!.rate;
    const before = rates[i - 1]!.rate;
    const kept = before > 0 && (kind === 'growth' ? now > before : now >= before);
    if (!kept) return { years, clipped: false, dataFrom, throughYear: rates.at(-1)!.year };
    years++;
  }
  // Records that start more than a year before the first payment saw the first dividend: nothing is cut off.
  const first = history.events.find((d) => d.amount > 0)!.ex_date;
  const sawFirst = history.records !== null && history.records.from < shiftDays(first, 366);
  return { years, clipped: !sawFirst, dataFrom, throughYear: rates.at(-1)!.year };
}

/**
 * How every surface words a streak: "12 years", "1 year", or, when it reaches the start of the records,
 * "at least 10 years (data from 2015)" — the same way for every name.
 */
export function describeDividendStreak(s: Pick<DividendStreak, 'years' | 'clipped' | 'dataFrom'>): string {
  const count = `${formatCount(s.years, 'year')}`;
  return s.clipped ? `at least ${count} (data from ${s.dataFrom})` : count;
}

/**
 * The period a streak fact states: the last year it counts to, and where the data starts when the streak
 * reaches it ("to 2025; data from 2015"). `readStreakFact` reads it back, so a note words the fact as the
 * table does.
 */
export function describeStreakPeriod(s: Pick<DividendStreak, 'clipped' | 'dataFrom' | 'throughYear'>): string {
  return s.clipped ? `to ${s.throughYear}; data from ${s.dataFrom}` : `to ${s.throughYear}`;
}

/** A streak fact (value and period) as `describeDividendStreak` words it. */
export function readStreakFact(years: number, period: string | null): string {
  const from = period?.match(/data from (\d{4})/)?.[1];
  return describeDividendStreak({ years, clipped: from !== undefined, dataFrom: Number(from ?? 0) });
}
