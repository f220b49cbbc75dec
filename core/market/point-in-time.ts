/**
 * Point in time: the statements as they could be known on a day. A figure is known from its filing date
 * (`as_of`, the first filing that reported that value); one filed later, or with no filing date, is not yet
 * known: the value a restatement replaced is shown where it was filed by then (`earlier`), else null.
 * Periods with no known figure left are dropped, so an analysis as of a day cannot look ahead.
 */

import type { Figure, Fundamentals, StatementSet } from './types.ts';

const NOT_KNOWN: Figure = { value: null, source: null, as_of: null };

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

const isFiledBy = (f: Figure, day: string) => f.as_of !== null && f.as_of <= day;
/**
 * A figure as seen on `day`: itself when filed by then (a withheld value keeps its note); before a
 * restatement's filing, the latest earlier value filed by then (JNJ FY2021 revenue on 2022-06-30: 93,775M as
 * filed 2022-02-17, not the 78,740M of 2024-02-16); else not known.
 */
function seenOn(f: Figure, day: string): Figure {
  if (isFiledBy(f, day) || (f.value === null && f.as_of === null)) return f;
  const known = (f.earlier ?? []).filter((e) => e.as_of <= day);
  const last = known.at(-1);
  if (!last) return NOT_KNOWN;
  return { value: last.value, source: f.source, as_of: last.as_of, ...(known.length > 1 ? { earlier: known.slice(0, -1) } : {}) };
}
const isKnownBy = (f: Figure, day: string) => seenOn(f, day).value !== null;

function selectSetAsOf(set: StatementSet, day: string): StatementSet {
  const lines = [...set.income, ...set.balance, ...set.cash_flow];
  const keep = set.periods.map((_, i) => lines.some((l) => isKnownBy(l.values[i]!, day)));
  const pick = <T>(xs: readonly T[]) => xs.filter((_, i) => keep[i]);
  const selectLines = (ls: StatementSet['income']) => ls.map((l) => ({ ...l, values: pick(l.values).map((v) => seenOn(v, day)) }));
  return { periods: pick(set.periods), income: selectLines(set.income), balance: selectLines(set.balance), cash_flow: selectLines(set.cash_flow) };
}

/** The company's statements as known on `day` (YYYY-MM-DD): only figures filed on or before it. */
export function selectFundamentalsAsOf<F extends Fundamentals>(f: F, day: string): F {
  return { ...f, annual: selectSetAsOf(f.annual, day), quarterly: selectSetAsOf(f.quarterly, day) };
}
