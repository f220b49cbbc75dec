/*
 * What happened after a run: the price change from the data day's close, over each horizon and up to
 * the latest bar, with SPY's change over the same days. Closes are split-adjusted, without dividends,
 * for the stock and for SPY alike.
 */

/** The horizons a verdict is judged over, in calendar months after its data day. */
export const HORIZON_MONTHS = [1, 3, 6, 12] as const;
export type HorizonMonths = (typeof HORIZON_MONTHS)[number];

/**
 * A stock with no bar this many days after a horizon's end, while SPY has moved on, left the data
 * (delisted, merged): that horizon can never be judged.
 */
const NO_PRICE_AFTER_DAYS = 45;

interface CloseBar {
  date: string;
  close: number;
}

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `day` plus `months` calendar months. A month's last day maps to the target month's last day
 * (2024-02-29 + 1 → 2024-03-31); any other day keeps its number, clamped (2024-01-30 + 1 → 2024-02-29).
 */
export function addMonths(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  const last = daysInMonth(ty, tm);
  const td = d === daysInMonth(y, m) ? last : Math.min(d, last);
  return `${ty}-${pad(tm)}-${pad(td)}`;
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The last bar dated on or before `day` (bars oldest first), or null. */
export function findCloseOnOrBefore<B extends CloseBar>(bars: readonly B[], day: string): B | null {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bars[mid]!.date <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : bars[lo - 1]!;
}

type HorizonStatus = 'pending' | 'matured' | 'no_price';

interface HorizonOutcome {
  months: HorizonMonths;
  /** The day the horizon ends; judged on the last close on or before it, once a later bar exists. */
  matures_on: string;
  status: HorizonStatus;
  /** Percent; null unless matured. */
  change_percent: number | null;
  spy_change_percent: number | null;
}

export interface RunOutcome {
  /** The close the run is measured from: the last bar on or before its data day. */
  base_date: string;
  base_close: number;
  /** The latest bar of the stock, and the change to it (SPY: to its last close on or before that day). */
  latest_date: string;
  change_percent: number;
  spy_change_percent: number;
  horizons: HorizonOutcome[];
  /** Every horizon matured (or can never be): nothing left to re-score. */
  final: boolean;
}

const percentChange = (from: number, to: number) => (to / from - 1) * 100;

/**
 * The outcome of a run whose data day is `asOf`, from the stock's and SPY's bars (oldest first) as known
 * now. Null when either has no close on or before the data day.
 */
export function computeRunOutcome(stock: readonly CloseBar[], spy: readonly CloseBar[], asOf: string): RunOutcome | null {
  const base = findCloseOnOrBefore(stock, asOf);
  const spyBase = findCloseOnOrBefore(spy, asOf);
  if (!base || !spyBase || !(base.close > 0) || !(spyBase.close > 0)) return null;
  const stockLast = stock.at(-1)!.date;
  const spyLast = spy.at(-1)!.date;
  const horizons = HORIZON_MONTHS.map((months): HorizonOutcome => {
    const matures_on = addMonths(asOf, months);
    if (stockLast >= matures_on && spyLast >= matures_on) {
      const end = findCloseOnOrBefore(stock, matures_on)!;
      const spyEnd = findCloseOnOrBefore(spy, matures_on)!;
      return {
        months,
        matures_on,
        status: 'matured',
        change_percent: percentChange(base.close, end.close),
        spy_change_percent: percentChange(spyBase.close, spyEnd.close),
      };
    }
    const gone = stockLast < matures_on && spyLast >= addDays(matures_on, NO_PRICE_AFTER_DAYS);
    return { months, matures_on, status: gone ? 'no_price' : 'pending', change_percent: null, spy_change_percent: null };
  });
  const latest = stock.at(-1)!;
  const spyAtLatest = findCloseOnOrBefore(spy, latest.date) ?? spyBase;
  return {
    base_date: base.date,
    base_close: base.close,
    latest_date: latest.date,
    change_percent: percentChange(base.close, latest.close),
    spy_change_percent: percentChange(spyBase.close, spyAtLatest.close),
    horizons,
    final: horizons.every((h) => h.status !== 'pending'),
  };
}
