/**
 * A count with its noun, singular for exactly one: "1 match", "2 matches", "1,204 companies". The plural is
 * given where English does not add an "s" (analysis → analyses, company → companies); the count is written
 * with thousands separators. One function, so no page says "1 matches" or "2 match".
 */
export function formatCount(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;
}
