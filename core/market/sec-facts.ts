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
  /** Set by `mapSecFacts` when it collapses a fact's filings: the values earlier filings reported, oldest first. */
  earlier?: Vintage[];
  /** Set with `earlier`: the latest filing that reported the fact (`filed` is then the first that reported its value). */
  lastFiled?: string | null;
}

/** A value a later filing replaced, dated by the first filing that reported it. */
interface Vintage {
  value: number;
  filed: string;
}

export interface SecValue {
  value: number;
  /** The first filing that reported this value (a repeat in a later filing does not move it): the figure's as-of date. */
  filed: string | null;
  /** Earlier values of the same fact that a restatement replaced, oldest first (USD lines only; see `mapSecFacts`). */
  earlier?: Vintage[];
  /** The latest filing that repeated the value, where later than `filed` (dates a split the figure predates). */
  lastFiled?: string;
  /** The us-gaap tag it came from (a derived fourth quarter only combines figures of one tag). */
  tag: string;
}

/** A fact the mapping refused, with why: served as null with the reason, never as a guess. */
export interface RefusedFact {
  basis: 'annual' | 'quarterly' | 'any';
  end: string;
  line: string;
  reason: string;
}

/** Normalised values keyed by period end, then by line key. */
export type PeriodValues = Map<string, Map<string, SecValue>>;

const DAY = 86_400_000;
const days = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / DAY);
const isAnnual = (d: number) => d >= 350 && d <= 380;
const isQuarter = (d: number) => d >= 80 && d <= 100;
/** An annual report: a 10-K, or a foreign private issuer's 20-F or 40-F (and their amendments). */
const ANNUAL_FORM = /^(10-K|20-F|40-F)/;
const isAnnualForm = (f: SecFact) => (f.form ? ANNUAL_FORM.test(f.form) : f.fp === 'FY');

/** Shape of the companyfacts JSON (https://data.sec.gov/api/xbrl/companyfacts/CIK##########.json). */
export interface CompanyFactsJson {
  cik?: number | string;
  entityName?: string;
  facts?: Record<
    string,
    Record<string, { units?: Record<string, Array<{ start?: string; end: string; val: number; form?: string; fp?: string; filed?: string }>> }>
  >;
}

/** The unit each line's facts must carry (companyfacts' unit keys). */
const UNIT_KEY = { USD: 'USD', 'USD/share': 'USD/shares', shares: 'shares' } as const;

/** The taxonomy a company's statements are read from: US GAAP, or IFRS for a filer that has no us-gaap section. */
export type SecTaxonomy = 'us-gaap' | 'ifrs-full';
/** A line's tags in one taxonomy, in order of preference. */
export const tagsOf = (def: (typeof LINE_DEFS)[number], taxonomy: SecTaxonomy) => (taxonomy === 'us-gaap' ? def.secTags : def.ifrsTags);
const LINE_OF_TAG: Record<SecTaxonomy, ReadonlyMap<string, (typeof LINE_DEFS)[number]>> = {
  'us-gaap': new Map(LINE_DEFS.flatMap((d) => d.secTags.map((t) => [t, d] as const))),
  'ifrs-full': new Map(LINE_DEFS.flatMap((d) => d.ifrsTags.map((t) => [t, d] as const))),
};
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Thrown for a document that is not a companyfacts answer at all (cut off, or another shape): the caller falls back. */
class CompanyFactsRejected extends Error {}

const isSection = (v: unknown): v is NonNullable<CompanyFactsJson['facts']>[string] => !!v && typeof v === 'object';

/**
 * Flattens the us-gaap part of a companyfacts document — or, for a filer with none, its ifrs-full part (a foreign
 * private issuer reporting under IFRS) — keeping only the tags we map. Facts in a unit the line cannot have (EUR or
 * `pure` where USD is expected: an IFRS filer reporting in euros has every amount refused, so no statements) and
 * malformed facts are refused with a reason; a document with neither section is rejected whole.
 */
export function flattenCompanyFacts(doc: CompanyFactsJson): { facts: SecFact[]; refused: RefusedFact[]; taxonomy: SecTaxonomy } {
  const taxonomy: SecTaxonomy = isSection(doc?.facts?.['us-gaap']) ? 'us-gaap' : 'ifrs-full';
  const section = doc?.facts?.[taxonomy];
  if (!isSection(section)) throw new CompanyFactsRejected('companyfacts without a us-gaap or ifrs-full section (truncated or not a companyfacts answer)');
  const facts: SecFact[] = [];
  const refused: RefusedFact[] = [];
  for (const [tag, body] of Object.entries(section)) {
    const def = LINE_OF_TAG[taxonomy].get(tag);
    if (!def) continue;
    for (const [unit, list] of Object.entries(body?.units ?? {})) {
      if (!Array.isArray(list)) continue;
      for (const f of list) {
        if (typeof f?.end !== 'string' || !ISO_DATE.test(f.end)) continue;
        if (unit !== UNIT_KEY[def.unit]) {
          refused.push({ basis: 'any', end: f.end, line: def.key, reason: `${tag} reported in unit "${unit}", expected ${UNIT_KEY[def.unit]}: refused` });
          continue;
        }
        if (typeof f.val !== 'number' || !Number.isFinite(f.val)) {
          refused.push({ basis: 'any', end: f.end, line: def.key, reason: `${tag} for ${f.end} is not a number: refused` });
          continue;
        }
        facts.push({ tag, unit, start: f.start ?? null, end: f.end, val: f.val, form: f.form ?? null, fp: f.fp ?? null, filed: f.filed ?? null });
      }
    }
  }
  return { facts, refused, taxonomy };
}

const roundTo = (v: number, unit: number) => Math.round(v / unit) * unit;
/**
 * Two filings' values are one reported figure when one is the other rounded to the thousands or millions
 * filers report in (ABNB's 2021-12-31 assets: 13,708,474,000 in the 10-K of 2022, 13,708M in that of 2023).
 * The rounded figure keeps at least four digits (1,010 is no rounding of 1,000). Any other difference, however
 * small, is a restatement.
 */
export const isSameReportedFigure = (a: number, b: number) =>
  a === b || [1e3, 1e6].some((unit) => unit * 1000 <= Math.min(Math.abs(a), Math.abs(b)) && (roundTo(a, unit) === b || roundTo(b, unit) === a));

/**
 * The first filing that reported `f`'s value under any of the line's tags for the period (AAPL FY2016 revenue,
 * 215,639M: `SalesRevenueNet` in the 10-K of 2016-10-26, `Revenues` from 2018-11-05), and the earlier values
 * of `f` filed before it.
 */
function firstReported(f: SecFact, candidates: readonly SecFact[]): { filed: string | null; earlier?: Vintage[] } {
  let first = f.filed ?? null;
  for (const g of candidates)
    for (const v of [...(g.earlier ?? []), ...(g.filed ? [{ value: g.val, filed: g.filed }] : [])])
      if (isSameReportedFigure(v.value, f.val) && first !== null && v.filed < first) first = v.filed;
  const earlier = (f.earlier ?? []).filter((v) => first !== null && v.filed < first);
  return { filed: first, ...(earlier.length ? { earlier } : {}) };
}

/**
 * One fact's filings collapsed: the latest value, dated by the first filing of the run of filings that ended
 * with it (an earlier filing with another value breaks the run), and the runs before it as earlier vintages,
 * each dated by its own first filing. Undated filings are left out of the dating.
 */
function collapseVintages(filings: readonly SecFact[], latest: SecFact): { filed: string | null; earlier?: Vintage[] } {
  const dated = filings
    .filter((f): f is SecFact & { filed: string } => !!f.filed && f.filed <= (latest.filed ?? ''))
    .sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : 0));
  const runs: Vintage[] = [];
  for (const f of dated) {
    const last = runs.at(-1);
    if (!last || !isSameReportedFigure(last.value, f.val)) runs.push({ value: f.val, filed: f.filed });
    else last.value = f.val;
  }
  // The latest filing's value closes the list (a same-day conflict is refused before this matters).
  if (runs.at(-1)?.value !== latest.val) return { filed: latest.filed ?? null };
  const current = runs.pop()!;
  return { filed: current.filed, ...(runs.length ? { earlier: runs } : {}) };
}

type FactsByEnd = Map<string, SecFact[]>;
/** Two tags' values within 1% are the same figure (a tag renamed between filings, or rounding). */
const SAME_FIGURE_FRACTION = 0.01;
export const isSameFigure = (a: number, b: number) => Math.abs(a - b) <= SAME_FIGURE_FRACTION * Math.max(Math.abs(a), Math.abs(b));
/** Which filing is latest decides tags (the latest 10-K's definition, a renamed tag's restatement): the last repeat counts here. */
const filedOf = (f: SecFact) => f.lastFiled ?? f.filed ?? '';

/** The latest-filed fact; in one filing, the first in tag preference. */
const latestFiled = (list: readonly SecFact[]): SecFact | undefined =>
  list.reduce<SecFact | undefined>((best, f) => (!best || filedOf(f) > filedOf(best) ? f : best), undefined);

/**
 * The tag that defines a line for the whole company: the first in preference among the tags of the
 * company's latest annual filing, which restates its comparative years on its current definition
 * (BLK's 10-K of 2026 tags only contract revenue, its total; COP's tags `Revenues`).
 */
export function chooseDefinitionTag(preference: readonly string[], annualFacts: FactsByEnd): string | null {
  const all = [...annualFacts.values()].flat();
  const last = latestFiled(all);
  if (!last) return null;
  return preference.find((t) => all.some((f) => f.tag === t && filedOf(f) === filedOf(last))) ?? null;
}

/**
 * The tags on the company's definition: the defining tag, and every tag that equals (within 1%) one
 * already on it in some period both report, of the same kind or annual (PFE's contract revenue equals
 * `Revenues` in 2020; AMAT's `SalesRevenueNet` equals `Revenues` in 2016, which equals contract revenue
 * in 2018). A tag that never does is another definition (GE's net sales: 106,758M vs 117,184M).
 */
function tagsOnDefinition(definition: string, byEnd: FactsByEnd, annualFacts: FactsByEnd): Set<string> {
  const on = new Set([definition]);
  const agree = (x: string, y: string, facts: FactsByEnd) =>
    [...facts.values()].some((list) => {
      const [a, b] = [list.find((f) => f.tag === x), list.find((f) => f.tag === y)];
      return a !== undefined && b !== undefined && isSameFigure(a.val, b.val);
    });
  const tags = new Set([...byEnd.values(), ...annualFacts.values()].flat().map((f) => f.tag));
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of tags) {
      if (on.has(t) || ![...on].some((o) => agree(t, o, byEnd) || agree(t, o, annualFacts))) continue;
      on.add(t);
      grew = true;
    }
  }
  return on;
}

/**
 * A period's fact on the company's definition: the defining tag's, unless another tag restates the
 * same figure in a later filing (within 1%: MA 2014 `Revenues` 9,473M filed 2015 → `SalesRevenueNet`
 * 9,441M filed 2017); where the defining tag is absent, the first tag on the definition.
 */
function pickOnDefinition(definition: string, on: ReadonlySet<string>, list: readonly SecFact[]): SecFact | undefined {
  const own = list.find((f) => f.tag === definition);
  if (own) return latestFiled([own, ...list.filter((f) => f.tag !== definition && filedOf(f) > filedOf(own) && isSameFigure(f.val, own.val))]);
  return list.find((f) => on.has(f.tag));
}

/**
 * Maps raw facts to normalised annual and quarterly values. Annual = durations of about a year,
 * quarterly = about three months; balance-sheet lines take the instant at each period end. For each
 * (tag, period) the latest-filed fact wins (restatements); among a line's tags, its `tagChoice` decides
 * (the first tag with a value, the latest filed, or the company's defining tag). A missing fourth quarter of a flow line is derived as the
 * fiscal year minus its three quarters, as SEC filers report Q4 only inside the 10-K.
 */
export function mapSecFacts(
  facts: readonly SecFact[],
  taxonomy: SecTaxonomy = 'us-gaap',
): { annual: PeriodValues; quarterly: PeriodValues; refused: RefusedFact[] } {
  type Key = string;
  const latest = new Map<Key, SecFact>();
  const conflicts = new Map<Key, SecFact[]>();
  const filings = new Map<Key, SecFact[]>();
  for (const f of facts) {
    const k = `${f.tag}|${f.unit}|${f.start ?? ''}|${f.end}`;
    filings.set(k, [...(filings.get(k) ?? []), f]);
    const prev = latest.get(k);
    if (prev && (f.filed ?? '') === (prev.filed ?? '') && f.val !== prev.val) conflicts.set(k, [...(conflicts.get(k) ?? [prev]), f]);
    if (!prev || (f.filed ?? '') > (prev.filed ?? '')) {
      latest.set(k, f);
      conflicts.delete(k);
    }
  }
  // A value is known from the FIRST filing that reported it: later filings repeat their comparatives, and the
  // repeat's date would push the value past days it was public (JNJ's 2025-12-28 current liabilities, first
  // filed in the 10-K of 2026-02-11, repeated in the 10-Q of 2026-07-23). A restated value is dated by the
  // first filing of the restatement, and the values it replaced are kept as `earlier` for point-in-time views
  // (JNJ FY2021 revenue: 93,775M filed 2022-02-17 and 2023-02-16, then 78,740M from 2024-02-16).
  for (const [k, f] of latest) {
    const list = filings.get(k)!;
    if (list.length < 2 || conflicts.has(k)) continue;
    latest.set(k, { ...f, ...collapseVintages(list, f), lastFiled: f.filed ?? null });
  }
  // The same fact filed twice on one day with different values: neither can be trusted.
  const refused: RefusedFact[] = [];
  for (const [k, list] of conflicts) {
    const f = latest.get(k)!;
    latest.delete(k);
    const d = f.start ? days(f.start, f.end) : null;
    refused.push({
      basis: d === null ? 'any' : isAnnual(d) ? 'annual' : 'quarterly',
      end: f.end,
      line: LINE_OF_TAG[taxonomy].get(f.tag)?.key ?? f.tag,
      reason: `${f.tag} for ${f.start ? `${f.start}–` : ''}${f.end} filed ${f.filed ?? 'undated'} with conflicting values (${list.map((x) => x.val).join(' vs ')}): refused`,
    });
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
    // Candidates per period end, in the line's tag preference order.
    const annualFacts: FactsByEnd = new Map();
    const quarterFacts: FactsByEnd = new Map();
    const add = (target: FactsByEnd, f: SecFact) => target.set(f.end, [...(target.get(f.end) ?? []), f]);
    const tags = tagsOf(def, taxonomy);
    for (const tag of tags) {
      for (const f of byTag.get(tag) ?? []) {
        if (!def.flow) {
          if (f.start) continue;
          if (annualSpans.has(f.end)) add(annualFacts, f);
          if (quarterEnds.has(f.end)) add(quarterFacts, f);
          continue;
        }
        if (!f.start) continue;
        const d = days(f.start, f.end);
        // Some filers also tag trailing-twelve-month figures in 10-Qs: a year only counts from a 10-K.
        if (isAnnual(d)) {
          if (isAnnualForm(f)) add(annualFacts, f);
        } else if (isQuarter(d)) add(quarterFacts, f);
      }
    }
    const definition = def.tagChoice === 'company_definition' ? chooseDefinitionTag(tags, annualFacts) : null;
    const onDefinition = new Set<string>();
    for (const [target, byEnd, basis] of [
      [annual, annualFacts, 'annual'],
      [quarterly, quarterFacts, 'quarterly'],
    ] as const) {
      const on = definition ? tagsOnDefinition(definition, byEnd, annualFacts) : null;
      for (const t of on ?? []) onDefinition.add(t);
      for (const [end, list] of byEnd) {
        const f = def.tagChoice === 'latest_filed' ? latestFiled(list) : definition && on ? pickOnDefinition(definition, on, list) : list[0];
        if (f) {
          // Share counts and per-share figures are restated by every split, which the pipeline redoes itself
          // (normalizer/splits.ts): such a figure is known from the fact's first filing, whatever its split basis.
          const first = def.unit === 'USD' ? firstReported(f, list) : { filed: f.earlier?.[0]?.filed ?? f.filed ?? null };
          const last = f.lastFiled ?? f.filed ?? null;
          put(target, end, def.key, {
            value: f.val,
            filed: first.filed,
            tag: f.tag,
            ...(last && last !== first.filed ? { lastFiled: last } : {}),
            // Only amounts keep their earlier vintages: per-share figures and share counts are restated for splits later,
            // which an earlier vintage on another split basis would escape.
            ...(first.earlier && def.unit === 'USD' ? { earlier: first.earlier } : {}),
          });
        }
        // Not served silently: withheld with the reason where no other source has a value on the definition.
        else
          refused.push({
            basis,
            end,
            line: def.key,
            reason: `only ${[...new Set(list.map((x) => x.tag))].join(', ')} (${list[0]!.val}) for ${end}: another definition than the company's ${definition} (they never agree in a period both report)`,
          });
      }
    }
    if (!def.flow || def.unit !== 'USD') continue;
    // Q4 = FY − Q1 − Q2 − Q3, when the three quarters lie inside that fiscal year and all four figures
    // come from the same tag, or tags on the company's definition (a revenue total minus sub-line
    // quarters is no quarter at all).
    const sameBasis = (a: string, b: string) => a === b || (onDefinition.has(a) && onDefinition.has(b));
    for (const [end, start] of annualSpans) {
      const fy = annual.get(end)?.get(def.key);
      if (!fy || quarterly.get(end)?.has(def.key)) continue;
      const inside = [...quarterly.entries()].filter(([qEnd, m]) => qEnd > start && qEnd < end && m.has(def.key));
      if (inside.length !== 3 || inside.some(([, m]) => !sameBasis(m.get(def.key)!.tag, fy.tag))) continue;
      const sum = inside.reduce((s, [, m]) => s + m.get(def.key)!.value, 0);
      // Known once the last of the four figures was filed (a quarter restated after the 10-K moves it).
      const filed = [fy.filed, ...inside.map(([, m]) => m.get(def.key)!.filed)].reduce((a, b) => ((b ?? '') > (a ?? '') ? b : a), fy.filed);
      put(quarterly, end, def.key, { value: fy.value - sum, filed, tag: fy.tag });
    }
  }
  return { annual, quarterly, refused };
}
