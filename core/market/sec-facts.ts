import { LINE_DEFS } from './statements.ts';

/** One us-gaap fact as SEC companyfacts serves it (flattened with its tag and unit). */
export interface SecFact {
  tag: string;
  unit: string;
  start?: string | null;
  end: string;
  val: number;
  form?: string | null;
  fp?: string | null;
  filed?: string | null;
}

export interface SecValue {
  value: number;
  /** Filing date of the fact: the figure's as-of date. */
  filed: string | null;
}

/** Normalised values keyed by period end, then by line key. */
export type PeriodValues = Map<string, Map<string, SecValue>>;

const DAY = 86_400_000;
const days = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / DAY);
const isAnnual = (d: number) => d >= 350 && d <= 380;
const isQuarter = (d: number) => d >= 80 && d <= 100;
const isAnnualForm = (f: SecFact) => (f.form ? f.form.startsWith('10-K') : f.fp === 'FY');

/** Shape of the companyfacts JSON (https://data.sec.gov/api/xbrl/companyfacts/CIK##########.json). */
export interface CompanyFactsJson {
  cik?: number | string;
  entityName?: string;
  facts?: Record<
    string,
    Record<string, { units?: Record<string, Array<{ start?: string; end: string; val: number; form?: string; fp?: string; filed?: string }>> }>
  >;
}

/** Flattens the us-gaap part of a companyfacts document, keeping only the tags we map. */
export function flattenCompanyFacts(doc: CompanyFactsJson): SecFact[] {
  const wanted = new Set(LINE_DEFS.flatMap((d) => d.secTags));
  const out: SecFact[] = [];
  for (const [tag, body] of Object.entries(doc.facts?.['us-gaap'] ?? {})) {
    if (!wanted.has(tag)) continue;
    for (const [unit, list] of Object.entries(body.units ?? {})) {
      for (const f of list) {
        if (typeof f.val !== 'number' || typeof f.end !== 'string') continue;
        out.push({ tag, unit, start: f.start ?? null, end: f.end, val: f.val, form: f.form ?? null, fp: f.fp ?? null, filed: f.filed ?? null });
      }
    }
  }
  return out;
}

/**
 * Maps raw facts to normalised annual and quarterly values. Annual = durations of about a year,
 * quarterly = about three months; balance-sheet lines take the instant at each period end. For each
 * (tag, period) the latest-filed fact wins (restatements), and for each line the first tag in its
 * preference list that has a value wins. A missing fourth quarter of a flow line is derived as the
 * fiscal year minus its three quarters, as SEC filers report Q4 only inside the 10-K.
 */
export function mapSecFacts(facts: readonly SecFact[]): { annual: PeriodValues; quarterly: PeriodValues } {
  type Key = string;
  const latest = new Map<Key, SecFact>();
  for (const f of facts) {
    const k = `${f.tag}|${f.unit}|${f.start ?? ''}|${f.end}`;
    const prev = latest.get(k);
    if (!prev || (f.filed ?? '') > (prev.filed ?? '')) latest.set(k, f);
  }
  const byTag = new Map<string, SecFact[]>();
  for (const f of latest.values()) {
    const list = byTag.get(f.tag) ?? [];
    list.push(f);
    byTag.set(f.tag, list);
  }

  const annualSpans = new Map<string, string>(); // end -> start
  const quarterEnds = new Set<string>();
  for (const f of latest.values()) {
    if (!f.start) continue;
    const d = days(f.start, f.end);
    if (isAnnual(d) && isAnnualForm(f)) annualSpans.set(f.end, f.start);
    else if (isQuarter(d)) quarterEnds.add(f.end);
  }

  const annual: PeriodValues = new Map();
  const quarterly: PeriodValues = new Map();
  const put = (target: PeriodValues, end: string, key: string, v: SecValue) => {
    let m = target.get(end);
    if (!m) {
      m = new Map();
      target.set(end, m);
    }
    if (!m.has(key)) m.set(key, v);
  };

  for (const def of LINE_DEFS) {
    for (const tag of def.secTags) {
      for (const f of byTag.get(tag) ?? []) {
        const v = { value: f.val, filed: f.filed ?? null };
        if (!def.flow) {
          if (f.start) continue;
          if (annualSpans.has(f.end)) put(annual, f.end, def.key, v);
          if (quarterEnds.has(f.end)) put(quarterly, f.end, def.key, v);
          continue;
        }
        if (!f.start) continue;
        const d = days(f.start, f.end);
        // Some filers also tag trailing-twelve-month figures in 10-Qs: a year only counts from a 10-K.
        if (isAnnual(d)) {
          if (isAnnualForm(f)) put(annual, f.end, def.key, v);
        } else if (isQuarter(d)) put(quarterly, f.end, def.key, v);
      }
    }
    if (!def.flow || def.unit !== 'USD') continue;
    // Q4 = FY − Q1 − Q2 − Q3, when the three quarters lie inside that fiscal year.
    for (const [end, start] of annualSpans) {
      const fy = annual.get(end)?.get(def.key);
      if (!fy || quarterly.get(end)?.has(def.key)) continue;
      const inside = [...quarterly.entries()].filter(([qEnd, m]) => qEnd > start && qEnd < end && m.has(def.key));
      if (inside.length !== 3) continue;
      const sum = inside.reduce((s, [, m]) => s + m.get(def.key)!.value, 0);
      put(quarterly, end, def.key, { value: fy.value - sum, filed: fy.filed });
    }
  }
  return { annual, quarterly };
}
