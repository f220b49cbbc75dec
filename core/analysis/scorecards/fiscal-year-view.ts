import { selectFundamentalsAsOf } from '../../market/point-in-time.ts';
import type { Fundamentals } from '../../market/types.ts';
import { type CompanyFinancials, toCompanyFinancials } from '../financials.ts';
import { findLatestDilutedShares } from '../fundamentals/statement-lines.ts';

/**
 * The day a fiscal year's annual report was filed: the filing date most of the year's figures carry
 * (later restatements of a few lines carry later dates, and are not known on that day).
 */
export function findFilingDay(f: Fundamentals, fiscalYear: number): string | null {
  const i = f.annual.periods.findIndex((p) => p.fiscal_year === fiscalYear);
  if (i < 0) return null;
  const counts = new Map<string, number>();
  for (const line of [...f.annual.income, ...f.annual.balance, ...f.annual.cash_flow]) {
    const v = line.values[i];
    if (v && v.value !== null && v.as_of) counts.set(v.as_of, (counts.get(v.as_of) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [day, n] of counts) if (best === null || n > counts.get(best)! || (n === counts.get(best)! && day < best)) best = day;
  return best;
}

/** Last close on or before `day` from ascending dates; null when the series starts later. */
export function findCloseOnOrBefore(
  series: { dates: readonly string[]; close: ArrayLike<number> } | null,
  day: string,
): { date: string; close: number } | null {
  if (!series) return null;
  let lo = 0;
  let hi = series.dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (series.dates[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : { date: series.dates[lo - 1]!, close: series.close[lo - 1]! };
}

export interface FiscalYearView {
  fiscalYear: number;
  /** The statements as known on `filedOn`, cut to this fiscal year and the ones before it. */
  financials: CompanyFinancials;
  filedOn: string;
  /**
   * Lines of these years that no filing by `filedOn` carries in the data, taken from the later filing
   * that does (a restatement, or a later report repeating the figure): `line|fiscalYear` → its filing day.
   */
  filedLater: ReadonlyMap<string, string>;
  /** Close on the filing day × latest diluted shares then (Altman Z's market value of equity). */
  marketCap: { usd: number; priceDate: string; price: number; shares: number } | null;
}

export const filedLaterKey = (line: string, fiscalYear: number) => `${line}|${fiscalYear}`;

/**
 * A fiscal year as an investor could see it on the day its annual report was filed (point in time):
 * figures filed by then, no later year, and the price of that day. The snapshot keeps one value per
 * figure, dated by the latest filing that carries it (10-Q balance sheets repeat the year-end), so a
 * figure missing on that day is taken from its later filing and listed in `filedLater` rather than
 * dropped; the scorecards mark each such input.
 */
export function viewFiscalYear(
  f: Fundamentals,
  fiscalYear: number,
  prices: { dates: readonly string[]; close: ArrayLike<number> } | null,
): FiscalYearView | null {
  const filedOn = findFilingDay(f, fiscalYear);
  if (!filedOn) return null;
  const known = toCompanyFinancials(selectFundamentalsAsOf(f, filedOn));
  const year = known.annual.find((p) => p.fiscalYear === fiscalYear);
  if (!year) return null;
  const filedLater = new Map<string, string>();
  const byEnd = new Map(known.annual.map((p) => [p.end, p]));
  const annual = toCompanyFinancials(f)
    .annual.filter((p) => p.fiscalYear <= fiscalYear)
    .map((full) => {
      const seen = byEnd.get(full.end);
      const values: Record<string, number | null> = { ...(seen?.values ?? {}) };
      const filed: Record<string, string | null> = { ...(seen?.filed ?? {}) };
      for (const [key, v] of Object.entries(full.values)) {
        if (v === null || (values[key] !== undefined && values[key] !== null)) continue;
        values[key] = v;
        filed[key] = full.filed[key] ?? null;
        filedLater.set(filedLaterKey(key, full.fiscalYear), full.filed[key] ?? '');
      }
      return { ...full, values, filed };
    });
  const financials: CompanyFinancials = { symbol: known.symbol, annual, quarterly: known.quarterly.filter((p) => p.end <= year.end) };
  const close = findCloseOnOrBefore(prices, filedOn);
  const shares = findLatestDilutedShares(financials);
  const marketCap = close && shares ? { usd: close.close * shares.shares, priceDate: close.date, price: close.close, shares: shares.shares } : null;
  return { fiscalYear, financials, filedOn, filedLater, marketCap };
}
