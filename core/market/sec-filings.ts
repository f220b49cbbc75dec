import type { IngestRefusal, Validated } from './ingest-validation.ts';
import type { SecFiling, SecPointInTimeFact } from './ingest-sec.ts';
import { closeMinutesOf, isTradingDay, toNewYorkTime } from './trading-calendar.ts';
import type { Fundamentals, StatementSet } from './types.ts';

/**
 * What the EDGAR cycle decides, pure: which filings are new, whether a companyfacts answer may be stored, how new a
 * set of statements is, and when the market is open. The store and the HTTP client live in the server.
 */

/** The forms that carry financial statements (8-Ks announce, they do not move the statements). */
export const STATEMENT_FORMS: ReadonlySet<string> = new Set(['10-K', '10-Q', '20-F', '40-F']);

/**
 * The statement filings to process, oldest first: a 10-K, 10-Q, 20-F or 40-F (or an amendment) filed on or after
 * `since` (the newest one stored; a filing of the same day may be another one), whose accession is not stored yet.
 */
export function selectNewStatementFilings(filings: readonly SecFiling[], stored: ReadonlySet<string>, since: string | null): SecFiling[] {
  return filings
    .filter((f) => STATEMENT_FORMS.has(f.form) && !stored.has(f.accession) && (since === null || f.filed >= since))
    .sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : a.accession < b.accession ? -1 : 1));
}

/** A point-in-time fact the store can key: with its accession and filing date. */
export type StorableFact = SecPointInTimeFact & { accession: string; filed: string };

/**
 * A companyfacts answer is stored whole or not at all: one refused fact (an unknown unit, a cut document, a fact
 * without its accession or filing date) refuses the company, since statements built without it would be wrong
 * without saying so. Returns the reason, or null with the facts to store.
 */
export function checkCompanyFacts(
  facts: Validated<SecPointInTimeFact>,
): { refusal: string; refused: IngestRefusal[] } | { refusal: null; facts: StorableFact[] } {
  const refused = [...facts.refused];
  const storable: StorableFact[] = [];
  for (const f of facts.accepted) {
    if (f.accession && f.filed) storable.push(f as StorableFact);
    else
      refused.push({ key: `${f.concept} ${f.end}`, code: 'missing_field', reason: `${f.concept} ending ${f.end} lacks its accession number or filing date.` });
  }
  if (refused.length === 0) return { refusal: null, facts: storable };
  const codes = [...new Set(refused.map((r) => r.code))].join(', ');
  return { refusal: `${refused.length} fact${refused.length === 1 ? '' : 's'} refused (${codes}): ${refused[0]!.reason}`, refused };
}

/**
 * The statement filings a companyfacts document names (EDGAR's nightly archive has no submissions list): each
 * accession with its form and filing date, its report date the latest period end it reports.
 */
export function listFilingsOfFacts(cik: string, facts: readonly StorableFact[]): SecFiling[] {
  const byAccession = new Map<string, SecFiling>();
  for (const f of facts) {
    const form = f.form ?? '';
    const amended = form.endsWith('/A');
    const base = amended ? form.slice(0, -2) : form;
    if (!STATEMENT_FORMS.has(base)) continue;
    const seen = byAccession.get(f.accession);
    if (!seen) byAccession.set(f.accession, { cik, accession: f.accession, form: base as SecFiling['form'], amended, filed: f.filed, report_date: f.end });
    else if (seen.report_date === null || f.end > seen.report_date) seen.report_date = f.end;
  }
  return [...byAccession.values()].sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : 0));
}

/** The newest filing date of the facts (what stored statements are current through). */
export const findNewestFiled = (facts: readonly { filed: string }[]): string | null =>
  facts.reduce<string | null>((max, f) => (max === null || f.filed > max ? f.filed : max), null);

function newestKnownOf(set: StatementSet): string | null {
  let newest: string | null = null;
  for (const line of [...set.income, ...set.balance, ...set.cash_flow])
    for (const v of line.values) if (v.value !== null && v.as_of !== null && !v.as_of_estimated && (newest === null || v.as_of > newest)) newest = v.as_of;
  return newest;
}

/**
 * The newest filing a set of statements is known to include: the latest filing date of a figure, estimated dates
 * excluded (an estimated date says when the filing was due, not that it was read).
 */
export function findNewestKnownFiling(f: Fundamentals | null): string | null {
  if (!f) return null;
  const a = newestKnownOf(f.annual);
  const q = newestKnownOf(f.quarterly);
  return a === null ? q : q === null ? a : a > q ? a : q;
}

/** Stored statements replace the snapshot's when they include a filing newer than any the snapshot's figures come from. */
export function isStoredNewer(storedFiledThrough: string, snapshot: Fundamentals | null): boolean {
  const own = findNewestKnownFiling(snapshot);
  return own === null || storedFiledThrough > own;
}

/** Regular session: 9:30 New York to the close (13:00 on early-close days), on NYSE trading days. */
const OPEN_MINUTES = 9 * 60 + 30;

/** Whether the US market is in its regular session at this instant (the hours EDGAR's new filings are polled). */
export function isUsMarketOpen(nowMs: number): boolean {
  const { day, minutes } = toNewYorkTime(nowMs);
  return isTradingDay(day) && minutes >= OPEN_MINUTES && minutes < closeMinutesOf(day);
}
