import type { AnalysisKind, FundamentalSubtype } from '../analysis-types.ts';

/** How many month-ends the backtest re-runs the engines on: five years. */
export const BACKTEST_MONTHS = 60;

/**
 * What the backtest re-runs on each symbol and month-end: one builder per engine. The overview repeats the
 * technical rating and the grades, and the balance sheet the F-score and Altman zone, of these runs: re-running
 * them too would count the same call on the same day twice, so they are recorded from users' runs only.
 */
export const BACKTEST_RUNS: ReadonlyArray<{ kind: AnalysisKind; subtype: FundamentalSubtype | null }> = [
  { kind: 'technical', subtype: null },
  { kind: 'fundamental', subtype: 'overview' },
  { kind: 'dcf', subtype: null },
];

/** A symbol whose last bar on or before a month-end is older than this many days was not trading then: no run. */
export const STALE_BAR_DAYS = 10;

export interface BacktestMonth {
  /** YYYY-MM */
  month: string;
  /** The month's last calendar day: the backtest's "as of", so nothing dated later is used. */
  day: string;
}

const lastDayOf = (month: string) => {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * The last `count` complete months of a benchmark's trading days (oldest first): a month is complete
 * once a bar of a later month exists, so its month-end close is final.
 */
export function listBacktestMonths(benchmarkDates: readonly string[], count = BACKTEST_MONTHS): BacktestMonth[] {
  const months: string[] = [];
  for (const d of benchmarkDates) {
    const m = d.slice(0, 7);
    if (months.at(-1) !== m) months.push(m);
  }
  // The newest month is still open: only the ones before it are complete.
  return months
    .slice(0, -1)
    .slice(-count)
    .map((month) => ({ month, day: lastDayOf(month) }));
}
