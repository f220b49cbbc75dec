import { countCalendarDays, countTradingDaysAfter, findLastCompletedTradingDay, toNewYorkTime } from './trading-calendar.ts';
import { formatCount } from '../text/plural.ts';

/**
 * How many completed trading days the prices may trail before the app calls them stale: a vendor publishes a
 * day's bars in the hours after the close, so one day behind is the normal state of an evening or a morning.
 */
export const STALE_AFTER_TRADING_DAYS = 2;

type DataSource = 'bundled' | 'live';

export interface DataFreshness {
  /** Today in New York (the exchange's calendar day). */
  today: string;
  /** The last trading day whose close has passed. */
  last_trading_day: string;
  /** The day of the newest daily bar the app serves; null while unknown (live mode before its first bar). */
  as_of: string | null;
  /** Calendar days from as_of to today. */
  age_days: number | null;
  /** Completed trading days after as_of that the data lacks. */
  lag_trading_days: number | null;
  stale: boolean;
  source: DataSource;
  /** One sentence for every page while stale ("Demo data from Jul 2, 2026 — 149 days old."), else null. */
  notice: string | null;
  /** Why, in one sentence, while stale; else null. */
  reason: string | null;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A YYYY-MM-DD day as written: Jul 2, 2026 (the freshness strip, the key figures' report dates). */
export const writeDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

const daysOld = (n: number) => `${formatCount(n, 'day')} old`;

/** How current the prices are at `nowMs`, and what to tell the reader when they are behind. */
export function describeFreshness({ asOf, nowMs, source }: { asOf: string | null; nowMs: number; source: DataSource }): DataFreshness {
  const today = toNewYorkTime(nowMs).day;
  const lastTradingDay = findLastCompletedTradingDay(nowMs);
  if (asOf === null)
    return { today, last_trading_day: lastTradingDay, as_of: null, age_days: null, lag_trading_days: null, stale: false, source, notice: null, reason: null };
  const lag = countTradingDaysAfter(asOf, lastTradingDay);
  const age = Math.max(0, countCalendarDays(asOf, today));
  const stale = lag >= STALE_AFTER_TRADING_DAYS;
  const bundled = source === 'bundled';
  return {
    today,
    last_trading_day: lastTradingDay,
    as_of: asOf,
    age_days: age,
    lag_trading_days: lag,
    stale,
    source,
    notice: stale ? `${bundled ? 'Demo data' : 'Market data'} from ${writeDay(asOf)} — ${daysOld(age)}.` : null,
    reason: !stale
      ? null
      : bundled
        ? 'This copy runs on the bundled snapshot, which is not updated: every figure and verdict is as of that day.'
        : `The data vendor has not delivered the ${lag} trading days since; figures and verdicts stay as of that day until it does.`,
  };
}
