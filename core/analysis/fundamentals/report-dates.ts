import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';

/*
 * When a company last reported and when it is expected to report next (issue 31, key figures). The filings
 * carry the date each figure was filed; a period's report date is the newest of its figures' dates. The next
 * one is estimated from the cadence: the next quarter's end (three months on) plus the company's usual delay,
 * the median of its last four reports' days from period end to filing. It is labelled "expected" everywhere.
 */

export interface ReportDates {
  last: { periodEnd: string; filed: string } | null;
  next: { periodEnd: string; expected: string; lagDays: number } | null;
}

const DAY_MS = 86_400_000;
const toDay = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The same day three months on, clamped to the month's end (a quarter ending Mar 31 → Jun 30). */
function addQuarter(iso: string): string {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + 3;
  const d = Number(iso.slice(8, 10));
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  // A period ending on a month's last day ends the next quarter on its last day too.
  const endOfMonth = d === new Date(Date.UTC(y, m - 2, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, endOfMonth ? lastDay : Math.min(d, lastDay))).toISOString().slice(0, 10);
}

function reportDateOf(p: FinancialPeriod): string | null {
  let newest: string | null = null;
  for (const d of Object.values(p.filed)) if (d !== null && (newest === null || d > newest)) newest = d;
  return newest;
}

export function findReportDates(f: CompanyFinancials, asOf: string): ReportDates {
  const reports = [...f.annual, ...f.quarterly]
    .map((p) => ({ periodEnd: p.end, filed: reportDateOf(p) }))
    .filter((r): r is { periodEnd: string; filed: string } => r.filed !== null && r.filed <= asOf && r.filed >= r.periodEnd)
    .sort((a, b) => (a.periodEnd === b.periodEnd ? a.filed.localeCompare(b.filed) : a.periodEnd.localeCompare(b.periodEnd)));
  // One report per period end: the first filing of it (a 10-K restating a quarter is not its report).
  const byEnd = new Map<string, { periodEnd: string; filed: string }>();
  for (const r of reports) if (!byEnd.has(r.periodEnd)) byEnd.set(r.periodEnd, r);
  const list = [...byEnd.values()];
  const last = list.at(-1) ?? null;
  if (!last) return { last: null, next: null };
  const lags = list
    .slice(-4)
    .map((r) => toDay(r.filed) - toDay(r.periodEnd))
    .sort((a, b) => a - b);
  const lagDays = lags.length % 2 ? lags[lags.length >> 1]! : Math.round((lags[lags.length / 2 - 1]! + lags[lags.length / 2]!) / 2);
  let periodEnd = addQuarter(last.periodEnd);
  // A report that should have come by the data day but is not in the data: the one after is the next expected.
  while (toDay(periodEnd) + lagDays <= toDay(asOf)) periodEnd = addQuarter(periodEnd);
  return { last, next: { periodEnd, expected: fromDay(toDay(periodEnd) + lagDays), lagDays } };
}
