/*
 * Relative time in a question ("last month", "this year", "recently") is read against the data's last day, which
 * on a snapshot can be months before today (issue 34: "last month" answered as June on 2026-11-28 without a
 * word). The answer then names both days, so nobody takes June's move for October's.
 */

const RELATIVE = /\b(?:last|this|past|previous)\s+(?:week|month|quarter|year)\b|\b(?:recently|lately|today|yesterday|ytd|year to date|so far this year)\b/i;
const DAY_MS = 86_400_000;
/** A gap this short is a weekend or a holiday, not stale data. */
const STALE_AFTER_DAYS = 7;

/** The sentence that names today and the data's last day, or null when the question names no relative time or the data is current. */
export function describeDataDayAgainstToday(question: string, todayIso: string, dataDayIso: string): string | null {
  const phrase = RELATIVE.exec(question)?.[0];
  if (!phrase) return null;
  const gapDays = Math.round((Date.parse(`${todayIso.slice(0, 10)}T00:00:00Z`) - Date.parse(`${dataDayIso}T00:00:00Z`)) / DAY_MS);
  if (!(gapDays > STALE_AFTER_DAYS)) return null;
  return `Today is ${todayIso.slice(0, 10)}, but our prices end on ${dataDayIso}, ${gapDays} days earlier: “${phrase.toLowerCase()}” is read up to ${dataDayIso}.`;
}
