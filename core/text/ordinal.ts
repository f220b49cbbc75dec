/*
 * Ordinals in words (issue 28: "42nd percentile", not "percentile 42.3"): one way of writing a rank for
 * grades, attribution and answers.
 */

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 11–13 → "th", 21 → "21st", 101 → "101st". */
export function formatOrdinal(n: number): string {
  const whole = Math.trunc(n);
  const lastTwo = Math.abs(whole) % 100;
  const last = Math.abs(whole) % 10;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? 'th' : last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th';
  return `${whole}${suffix}`;
}

/** A percentile (0–100, with decimals) as a person reads it: 72.1 → "72nd percentile"; never "0th" or "100th". */
export function describePercentile(p: number): string {
  return `${formatOrdinal(Math.min(99, Math.max(1, Math.round(p))))} percentile`;
}
