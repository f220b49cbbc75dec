import { type EngineResult, fail, ok } from '../result.ts';

/*
 * A price change over a calendar window, defined once (issue 28: AAPL's 1-year return read four different
 * numbers on four pages). The base is the last close on or before the window's first day — the close an
 * investor held from — and the end is the last bar, daily or month-end alike. The technical analysis,
 * the screener's `return_1y`, /compare and the copilot's price statistics all read it.
 */

const RETURN_PERIODS = ['1w', '1m', '3m', '6m', 'ytd', '1y', '3y', '5y'] as const;
export type ReturnPeriod = (typeof RETURN_PERIODS)[number];

const MONTHS: Record<Exclude<ReturnPeriod, '1w' | 'ytd'>, number> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12, '3y': 36, '5y': 60 };

/** The first day of the window ending on `end` (YYYY-MM-DD, UTC calendar arithmetic). */
export function findPeriodStart(end: string, period: ReturnPeriod): string {
  const d = new Date(`${end}T00:00:00Z`);
  if (period === 'ytd') return `${d.getUTCFullYear() - 1}-12-31`;
  if (period === '1w') d.setUTCDate(d.getUTCDate() - 7);
  else {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - MONTHS[period]);
    // 31 March minus one month is the last day of February, not 3 March.
    const lastOfMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, lastOfMonth));
  }
  return d.toISOString().slice(0, 10);
}

interface PeriodReturn {
  /** Index of the base bar: the last one on or before the window's first day. */
  baseIndex: number;
  baseDate: string;
  endDate: string;
  /** End close over base close, minus one (a fraction). */
  change: number;
}

/** The change of the closes over `period` up to the last bar; refuses when the history starts inside the window. */
export function computePeriodReturn(
  s: { dates: ArrayLike<string>; close: ArrayLike<number> },
  period: ReturnPeriod,
  symbol = 'the symbol',
): EngineResult<PeriodReturn> {
  const n = s.close.length;
  if (n === 0) return fail('missing_input', 'prices', `no prices for ${symbol}`);
  const endDate = s.dates[n - 1]!;
  const start = findPeriodStart(endDate, period);
  let baseIndex = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (s.dates[i]! <= start) {
      baseIndex = i;
      break;
    }
  }
  if (baseIndex < 0) return fail('series_too_short', 'prices', `${symbol}'s prices start on ${s.dates[0]}, after the start of the window (${start})`);
  return ok({ baseIndex, baseDate: s.dates[baseIndex]!, endDate, change: s.close[n - 1]! / s.close[baseIndex]! - 1 });
}
