import type { IngestRefusal, Validated } from './ingest-validation.ts';
import { isIsoDay } from './ingest-validation.ts';

/**
 * SEC EDGAR answers parsed into what the store keeps, refusing what does not hold together. Pure:
 * the adapter fetches, these decide.
 */

export interface SecTickerEntry {
  /** Ten digits, zero-padded, as EDGAR's URLs want it. */
  cik: string;
  /** Our spelling: EDGAR's BRK-B is BRK.B. */
  ticker: string;
  name: string;
  /** EDGAR's exchange name (Nasdaq, NYSE, CBOE, OTC…), null when it gives none. */
  exchange: string | null;
}

/** www.sec.gov/files/company_tickers_exchange.json: {"fields":["cik","name","ticker","exchange"],"data":[[320193,"Apple Inc.","AAPL","Nasdaq"],…]}. */
export interface SecTickerExchangeJson {
  fields?: unknown;
  data?: unknown;
}

export const padCik = (cik: string | number) => String(cik).padStart(10, '0');
/** EDGAR writes share classes with a hyphen (BRK-B); the app with a dot (BRK.B). */
const toOurTicker = (t: string) => t.trim().toUpperCase().replace(/-/g, '.');

/**
 * The ticker→CIK directory. A ticker listed twice keeps neither (which CIK is right is unknowable);
 * one CIK under several tickers is normal (share classes) and kept. Columns are found by name, so a
 * reordered file still reads; a file without them is refused whole.
 */
export function parseTickerDirectory(doc: SecTickerExchangeJson): Validated<SecTickerEntry> {
  const fields = Array.isArray(doc?.fields) ? (doc.fields as unknown[]) : null;
  const data = Array.isArray(doc?.data) ? (doc.data as unknown[]) : null;
  const at = (name: string) => fields?.indexOf(name) ?? -1;
  const [iCik, iName, iTicker, iExchange] = [at('cik'), at('name'), at('ticker'), at('exchange')];
  if (!fields || !data || iCik < 0 || iTicker < 0 || iName < 0) {
    return {
      accepted: [],
      refused: [
        { key: 'company_tickers_exchange', code: 'truncated_answer', reason: 'The file lacks its fields or data arrays, or the cik, name and ticker columns.' },
      ],
    };
  }
  const refused: IngestRefusal[] = [];
  const rows: SecTickerEntry[] = [];
  for (const raw of data) {
    const row = Array.isArray(raw) ? raw : [];
    const cik = row[iCik];
    const ticker = row[iTicker];
    const name = row[iName];
    if (
      (typeof cik !== 'number' && typeof cik !== 'string') ||
      !/^\d{1,10}$/.test(String(cik)) ||
      typeof ticker !== 'string' ||
      !ticker.trim() ||
      typeof name !== 'string'
    ) {
      refused.push({
        key: typeof ticker === 'string' ? ticker : '(no ticker)',
        code: 'missing_field',
        reason: 'The row lacks a numeric CIK, a ticker or a name.',
      });
      continue;
    }
    const exchange = iExchange >= 0 && typeof row[iExchange] === 'string' && row[iExchange] ? (row[iExchange] as string) : null;
    rows.push({ cik: padCik(cik), ticker: toOurTicker(ticker), name, exchange });
  }
  const ciksOf = new Map<string, Set<string>>();
  for (const r of rows) ciksOf.set(r.ticker, (ciksOf.get(r.ticker) ?? new Set()).add(r.cik));
  const accepted: SecTickerEntry[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.ticker)) continue;
    seen.add(r.ticker);
    const ciks = ciksOf.get(r.ticker)!;
    if (ciks.size > 1)
      refused.push({ key: r.ticker, code: 'duplicate_ticker', reason: `${r.ticker} is listed under ${ciks.size} CIKs (${[...ciks].join(', ')}).` });
    else accepted.push(r);
  }
  return { accepted, refused };
}

/** The forms whose filing moves fundamentals or announces something a user follows. */
export const TRACKED_FORMS = ['10-K', '10-Q', '20-F', '40-F', '8-K'] as const;
export type TrackedForm = (typeof TRACKED_FORMS)[number];

export interface SecFiling {
  cik: string;
  accession: string;
  /** The base form; an amendment (10-K/A) has `amended` set. */
  form: TrackedForm;
  amended: boolean;
  filed: string;
  /** The period the filing reports on; null when EDGAR gives none (most 8-Ks give the event date). */
  report_date: string | null;
}

/** data.sec.gov/submissions/CIK##########.json: filings.recent is columnar — one array per field, index i is one filing. */
export interface SecSubmissionsFilingsJson {
  cik?: unknown;
  /** The filer's Standard Industrial Classification, four digits as a string ("6022"); "" when EDGAR has none. */
  sic?: unknown;
  /** EDGAR's title of that code ("State Commercial Banks"). */
  sicDescription?: unknown;
  filings?: { recent?: Record<string, unknown> };
}

/** What EDGAR says a filer does: its SIC code and the code's title. */
export interface SecIndustry {
  cik: string;
  /** Four digits ("6022"). */
  sic: string;
  /** EDGAR's title of the code; null when it gives none. */
  sicDescription: string | null;
}

/**
 * The filer's SIC from its submissions answer. No code at all (absent, null or "": EDGAR has none for some trusts
 * and funds) is nothing to store and nothing wrong; a code that is not four digits is refused with the reason (it
 * would map to no sector, or the wrong one), and nothing of it is stored.
 */
export function parseSubmissionsIndustry(cik: string, doc: SecSubmissionsFilingsJson): { industry: SecIndustry | null; refused: IngestRefusal | null } {
  const raw = doc?.sic;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return { industry: null, refused: null };
  const sic = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : null;
  if (sic === null || !/^\d{4}$/.test(sic) || sic === '0000') {
    return {
      industry: null,
      refused: { key: `submissions ${cik} sic`, code: 'bad_sic', reason: `The SIC ${JSON.stringify(raw)} is not a four-digit code; nothing stored for it.` },
    };
  }
  const title = typeof doc.sicDescription === 'string' ? doc.sicDescription.trim() : '';
  return { industry: { cik, sic, sicDescription: title || null }, refused: null };
}

/**
 * The tracked filings filed on or after `sinceDate`, newest first as EDGAR lists them. Columns of
 * unequal length mean a cut answer: refused whole, since which date belongs to which accession is lost.
 */
export function parseNewFilings(cik: string, doc: SecSubmissionsFilingsJson, sinceDate: string): Validated<SecFiling> {
  const key = `submissions ${cik}`;
  const recent = doc?.filings?.recent;
  const accession = recent?.accessionNumber;
  const form = recent?.form;
  const filed = recent?.filingDate;
  const report = recent?.reportDate;
  if (!Array.isArray(accession) || !Array.isArray(form) || !Array.isArray(filed)) {
    return { accepted: [], refused: [{ key, code: 'truncated_answer', reason: 'filings.recent lacks accessionNumber, form or filingDate.' }] };
  }
  const n = accession.length;
  if (form.length !== n || filed.length !== n || (Array.isArray(report) && report.length !== n)) {
    return {
      accepted: [],
      refused: [
        { key, code: 'truncated_answer', reason: `filings.recent columns differ in length (${n} accessions, ${form.length} forms, ${filed.length} dates).` },
      ],
    };
  }
  const accepted: SecFiling[] = [];
  const refused: IngestRefusal[] = [];
  for (let i = 0; i < n; i++) {
    const f = String(form[i] ?? '');
    const amended = f.endsWith('/A');
    const base = (amended ? f.slice(0, -2) : f) as TrackedForm;
    if (!TRACKED_FORMS.includes(base)) continue;
    const day = filed[i];
    if (!isIsoDay(day) || typeof accession[i] !== 'string' || !/^\d{10}-\d{2}-\d{6}$/.test(accession[i] as string)) {
      refused.push({ key: `${cik} ${String(accession[i])}`, code: 'missing_field', reason: 'The filing lacks a valid accession number or filing date.' });
      continue;
    }
    if (day < sinceDate) continue;
    const r = Array.isArray(report) ? report[i] : null;
    accepted.push({ cik, accession: accession[i] as string, form: base, amended, filed: day, report_date: isIsoDay(r) ? r : null });
  }
  return { accepted, refused };
}

/** One reported fact as filed: what a point-in-time store keeps (a later filing's different value is another row). */
export interface SecPointInTimeFact {
  /** Taxonomy and tag, e.g. us-gaap:Revenues. */
  concept: string;
  /** Start of a duration (null for an instant such as a balance). */
  start: string | null;
  end: string;
  value: number;
  unit: string;
  form: string | null;
  /** Fiscal period label the filer gave (FY, Q1…). */
  fp: string | null;
  /** Fiscal year the filer gave (the filing's, not always the period's). */
  fy: number | null;
  accession: string | null;
  filed: string | null;
}

type FactsDoc = {
  facts?: Record<
    string,
    Record<
      string,
      {
        units?: Record<string, Array<{ start?: string; end?: string; val?: unknown; form?: string; fp?: string; fy?: unknown; filed?: string; accn?: string }>>;
      }
    >
  >;
};

/** Units a fact may carry; anything else (a foreign currency, an unnamed scale) is refused rather than stored as if dollars. */
export const ACCEPTED_FACT_UNITS: readonly string[] = ['USD', 'USD/shares', 'shares', 'pure'];

/**
 * Every fact of the wanted concepts, as filed (no restatement collapsing: the store keeps each
 * filing's value with its accession and date). A fact in an unknown unit or without a number or end
 * date is refused with its concept and period.
 */
export function parsePointInTimeFacts(doc: FactsDoc, concepts: ReadonlySet<string>): Validated<SecPointInTimeFact> {
  const accepted: SecPointInTimeFact[] = [];
  const refused: IngestRefusal[] = [];
  for (const [taxonomy, tags] of Object.entries(doc?.facts ?? {})) {
    for (const [tag, body] of Object.entries(tags ?? {})) {
      const concept = `${taxonomy}:${tag}`;
      if (!concepts.has(concept) && !concepts.has(tag)) continue;
      for (const [unit, list] of Object.entries(body?.units ?? {})) {
        if (!Array.isArray(list)) continue;
        for (const f of list) {
          const key = `${concept} ${f?.end ?? '?'}`;
          if (!ACCEPTED_FACT_UNITS.includes(unit)) {
            refused.push({
              key,
              code: 'unknown_unit',
              reason: `${concept} is reported in unit "${unit}", not one the store holds (${ACCEPTED_FACT_UNITS.join(', ')}).`,
            });
            continue;
          }
          if (!isIsoDay(f?.end) || typeof f.val !== 'number' || !Number.isFinite(f.val)) {
            refused.push({ key, code: 'missing_field', reason: `${concept} lacks a valid end date or a numeric value.` });
            continue;
          }
          accepted.push({
            concept,
            start: isIsoDay(f.start) ? f.start : null,
            end: f.end,
            value: f.val,
            unit,
            form: f.form ?? null,
            fp: f.fp ?? null,
            fy: typeof f.fy === 'number' && Number.isInteger(f.fy) ? f.fy : null,
            accession: f.accn ?? null,
            filed: isIsoDay(f.filed) ? f.filed : null,
          });
        }
      }
    }
  }
  return { accepted, refused };
}
