import type { AnalysisNote, Fact } from '../analysis/analysis-types.ts';
import { SMALL_NUMBER_WORDS } from '../text/number-words.ts';

/*
 * The number validator (DESIGN §6: any number an LLM writes that is not in the facts is rejected).
 * It finds every number a text states — digits with their currency, scale and unit ("$394.3 billion",
 * "$3.4B", "USD 12m", "26.9%", "26.9 percent", "28.5x", "28.5 times"), signed values, years, dates and
 * spelled-out numbers ("twelve", "forty-two", "three million", "a third of") — and says which no fact
 * backs, with the reason. Rules and exemptions are documented in docs/ai.md ("The number validator").
 *
 * Kept rather than a library (issue 27): no package decides whether a fact *backs* a number (unit, scale,
 * rounding at the precision written), and the ones that only find numbers are far slower. Measured once
 * on bench/llm.bench.ts's 1,006-word AAPL text (2-core machine at load ~35): this whole check 0.86 ms p50
 * (budget 1 ms); compromise 14.17's `nlp(text).numbers()`, finding the numbers only, 439 ms p50 (511×).
 */

type NumberKind = 'percent' | 'points' | 'currency' | 'multiple' | 'number' | 'year' | 'date' | 'fraction';

/** A number as the text states it. `value` is in `scale` units with `decimals` written: "$3.4B" → 3.4, 1, 1e9. */
interface NumberMention {
  token: string;
  start: number;
  end: number;
  kind: NumberKind;
  value: number;
  decimals: number;
  scale: number;
  /** -1 for an explicit minus, 1 for an explicit plus, 0 unsigned (the absolute value of a fact backs it). */
  sign: -1 | 0 | 1;
  spelled: boolean;
}

export interface UnbackedNumber extends NumberMention {
  reason: string;
  /** Which sentence of a note ("headline", "strengths[1]"…); absent for a plain text. */
  where?: string;
}

/** What a fact contributes: only these fields are read, so copilot facts and analysis facts both fit. */
type NumberFact = Pick<Fact, 'key' | 'label' | 'value' | 'unit' | 'period' | 'as_of'>;

const SCALE_WORDS: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  billion: 1e9,
  b: 1e9,
  bn: 1e9,
  trillion: 1e12,
  t: 1e12,
  tn: 1e12,
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Names with digits that are not figures (index names, filing forms) and phrases that are periods, not claims. */
const EXEMPT_PHRASES =
  /\b(?:S&P\s?500|S&P\s?400|S&P\s?600|Nasdaq[- ]100|Nasdaq[- ]Composite|Russell\s(?:1000|2000|3000)|Dow\s(?:Jones\s)?30|FTSE\s100|10-K|10-Q|8-K|20-F|13F|401\(k\)|(?:trailing\s)?(?:twelve|12)[- ]months?|24\/7)/gi;
const CITATION = /\[\d+(?:\s*[,–-]\s*\d+)*\]/g;

const NUMBER_WORD =
  '(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion)';
const SPELLED = new RegExp(
  `\\b(?:an?\\s+(?=hundred|thousand|million|billion|trillion))?${NUMBER_WORD}(?:(?:[\\s-]+|(?<=hundred)\\s+and\\s+)${NUMBER_WORD})*\\b`,
  'gi',
);
// a quantifier is required ("a third of", "two thirds of") except for "half of"; "the third of" is an ordinal
// and "the upper half of its peers" a position
const FRACTION =
  /\b(?:(a|an|one|two|three|four)\s+(half|halves|third|thirds|quarter|quarters|fifth|fifths)|(?<!(?:upper|lower|top|bottom|first|second|the)\s)(half))\s+of\b/gi;
const FRACTION_PARTS: Record<string, number> = { half: 2, halves: 2, third: 3, thirds: 3, quarter: 4, quarters: 4, fifth: 5, fifths: 5 };

// One pass finds dates first (so "2026-03-28" is not three numbers), then digits with an optional
// sign and currency. The suffix (scale, unit) is read by SUFFIX right after each number.
const NUMERIC =
  /(?<iso>\b\d{4}-\d{2}-\d{2}\b)|(?<mdate>\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:(?<mday>\d{1,2})(?:st|nd|rd|th)?,?\s+)?(?<myear>\d{4})\b)|(?<sign>[-+−])?(?<cur>US\$|\$|€|USD\s?|EUR\s?)?(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)/gi;
const SUFFIX =
  /(?:(?<abbr>k|mn|mm|bn|tn|m|b|t)\b|\s?(?<word>thousand|million|billion|trillion)\b)?(?:\s?(?<unit>%|percent\b|pct\b|per\s?cent\b|percentage\s+points?\b|pp\b|points?\b|bps\b|basis\s+points?\b|x\b|×|times\b|dollars?\b|usd\b)|(?<ordinal>st|nd|rd|th)\b)?/iy;
const SPELLED_UNIT = /\s(?<unit>percent\b|per\s?cent\b|percentage\s+points?\b|points?\b|times\b|dollars?\b)/iy;

const WORD_CHAR = /[\p{L}\p{N}_]/u;
function isWordChar(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  return WORD_CHAR.test(c);
}

function kindOfUnit(unit: string | undefined, currency: boolean): NumberKind {
  const u = unit?.toLowerCase().replace(/\s+/g, ' ');
  if (u === '%' || u === 'percent' || u === 'per cent' || u === 'pct') return 'percent';
  if (u?.startsWith('percentage point') || u === 'pp' || u?.startsWith('point') || u === 'bps' || u?.startsWith('basis point')) return 'points';
  if (u === 'x' || u === '×' || u === 'times') return 'multiple';
  if (currency || u?.startsWith('dollar') || u === 'usd') return 'currency';
  return 'number';
}

/** Masks spans (replaces them by spaces) so their digits are not read; positions are kept. */
function maskSpans(text: string, allowed: readonly string[]): string {
  const spans: Array<[number, number]> = [];
  for (const re of [EXEMPT_PHRASES, CITATION]) for (const m of text.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
  for (const a of allowed) {
    // the whole allowed text, and each of its words holding a digit ("3M" of "3M Company")
    const parts = [a, ...a.split(/\s+/).filter((w) => /\d/.test(w))];
    for (const p of parts) {
      if (!p) continue;
      for (let i = text.indexOf(p); i >= 0; i = text.indexOf(p, i + p.length)) {
        if (!isWordChar(text[i - 1]) && !isWordChar(text[i + p.length])) spans.push([i, i + p.length]);
      }
    }
  }
  if (spans.length === 0) return text;
  spans.sort((x, y) => x[0] - y[0]);
  let out = '';
  let at = 0;
  for (const [from, to] of spans) {
    if (to <= at) continue;
    const s = Math.max(from, at);
    out += text.slice(at, s) + ' '.repeat(to - s);
    at = to;
  }
  return out + text.slice(at);
}

function parseSpelled(words: string): { value: number; scale: number } | null {
  let total = 0;
  let current = 0;
  let lastScale = 1;
  let any = false;
  for (const raw of words.toLowerCase().split(/[\s-]+/)) {
    if (raw === 'a' || raw === 'an') {
      current = 1;
      continue;
    }
    if (raw === 'and') continue;
    if (raw in SMALL_NUMBER_WORDS) {
      current += SMALL_NUMBER_WORDS[raw]!;
      any = true;
    } else if (raw === 'hundred') {
      current = (current || 1) * 100;
      any = true;
    } else if (raw in SCALE_WORDS) {
      const s = SCALE_WORDS[raw]!;
      total += (current || 1) * s;
      current = 0;
      lastScale = s;
      any = true;
    }
  }
  if (!any) return null;
  const value = total + current;
  // "three million" → 3 in millions; "three million two hundred" → in units
  return current === 0 && lastScale > 1 ? { value: value / lastScale, scale: lastScale } : { value, scale: 1 };
}

// a plain constructor: an object spread here cost ~7 µs a mention in V8 (more than the whole budget on a long text)
const mention = (token: string, start: number, kind: NumberKind, value: number, scale = 1, spelled = false): NumberMention => ({
  token,
  start,
  end: start + token.length,
  kind,
  value,
  decimals: 0,
  scale,
  sign: 0,
  spelled,
});

/** Every number the text states, in order, with its kind, written precision and scale. */
export function findNumberMentions(text: string, allowed: readonly string[] = []): NumberMention[] {
  const masked = maskSpans(text, allowed);
  const taken = new Uint8Array(masked.length);
  const out: NumberMention[] = [];
  const push = (m: NumberMention) => {
    for (let i = m.start; i < m.end; i++) if (taken[i]) return;
    taken.fill(1, m.start, m.end);
    out.push(m);
  };

  for (const m of masked.matchAll(NUMERIC)) {
    const g = m.groups!;
    const start = m.index;
    if (g.iso) {
      push(mention(g.iso, start, 'date', Number(g.iso.slice(0, 4))));
      continue;
    }
    if (g.mdate) {
      push(mention(g.mdate, start, 'date', Number(g.myear)));
      continue;
    }
    const num = g.num!;
    const before = masked[start - 1];
    // digits glued to letters are part of a name: "Q3", "H1", "rsi_14", "SMA200"; FY/CY make a year
    if (!g.sign && !g.cur && isWordChar(before)) {
      const prefix = /(?:\b|_)(?:FY|CY)$/i.exec(masked.slice(Math.max(0, start - 3), start));
      if (prefix && /^\d{2}(?:\d{2})?$/.test(num)) {
        const year = num.length === 2 ? 2000 + Number(num) : Number(num);
        push(mention(masked.slice(start - 2, start + num.length), start - 2, 'year', year));
      }
      continue;
    }
    // a minus right after a word or a digit is a hyphen ("2025-2026", "COVID-19"), not a sign
    if (g.sign && !g.cur && /\p{L}/u.test(before ?? '')) {
      // glued to a word it names something ("COVID-19"), unless it is a year ("mid-2026")
      if (/^\d{4}$/.test(num) && Number(num) >= 1900 && Number(num) <= 2100) {
        push(mention(num, start + 1, 'year', Number(num)));
      }
      continue;
    }
    const signChar = g.sign && (start === 0 || /[\s([{/:;,]/.test(masked[start - 1]!)) ? g.sign : undefined;
    const tokenStart = g.sign && !signChar ? start + 1 : start;
    SUFFIX.lastIndex = start + m[0].length;
    const sfx = SUFFIX.exec(masked)!;
    const s = sfx.groups!;
    const scaleWord = (s.abbr ?? s.word)?.toLowerCase();
    // a lone "m"/"b"/"t" abbreviation counts only with a currency ("USD 12m"); "5 m" or "3t" are not money
    const scale = scaleWord && (s.word || g.cur || !['m', 'b', 't'].includes(scaleWord) || /^[MBT]$/.test(s.abbr ?? '')) ? SCALE_WORDS[scaleWord]! : 1;
    const suffixLen = scale === 1 && scaleWord ? 0 : sfx[0].length;
    const plain = num.replaceAll(',', '');
    const decimals = plain.includes('.') ? plain.length - plain.indexOf('.') - 1 : 0;
    let kind = kindOfUnit(s.unit, Boolean(g.cur));
    let value = Number(plain);
    let dec = decimals;
    if (s.unit && /^(bps|basis)/i.test(s.unit)) {
      value /= 100;
      dec += 2;
    }
    if (s.ordinal && suffixLen) {
      // 1st–4th rank quarters and list places; larger ordinals ("21st year") are still figures
      if (value <= 4) continue;
    }
    const isYear =
      kind === 'number' && scale === 1 && !s.ordinal && !num.includes(',') && decimals === 0 && /^\d{4}$/.test(num) && value >= 1900 && value <= 2100;
    if (isYear) kind = 'year';
    const end = start + m[0].length + suffixLen;
    push({
      token: masked.slice(tokenStart, end),
      start: tokenStart,
      end,
      kind,
      value,
      decimals: dec,
      scale,
      sign: signChar === '+' ? 1 : signChar ? -1 : 0,
      spelled: false,
    });
  }

  for (const m of masked.matchAll(FRACTION)) {
    const parts = FRACTION_PARTS[(m[2] ?? m[3])!.toLowerCase()]!;
    const count = m[1] && m[1].toLowerCase() in SMALL_NUMBER_WORDS ? SMALL_NUMBER_WORDS[m[1].toLowerCase()]! : 1;
    const token = m[0].replace(/\s+of$/i, '');
    push(mention(token, m.index, 'fraction', count / parts, 1, true));
  }

  for (const m of masked.matchAll(SPELLED)) {
    const words = m[0];
    const lower = words.toLowerCase();
    // "one" alone is a pronoun ("one of the", "a one-off") and "zero" a reference line ("below zero")
    if (lower === 'one' || lower === 'zero') continue;
    const parsed = parseSpelled(words);
    if (!parsed) continue;
    SPELLED_UNIT.lastIndex = m.index + words.length;
    const unit = SPELLED_UNIT.exec(masked);
    const end = m.index + words.length + (unit ? unit[0].length : 0);
    push(mention(masked.slice(m.index, end), m.index, kindOfUnit(unit?.groups?.unit, false), parsed.value, parsed.scale, true));
  }
  return out.sort((a, b) => a.start - b.start);
}

/** What the facts back, built once per fact set (a copilot answer is checked against the same tool results many times). */
interface NumberBacking {
  facts: readonly NumberFact[];
  /** Numbers written in labels, periods, string values and allowed texts ("SMA (200)", "5y to FY2025"), as `kind|value|scale`. */
  literals: Set<string>;
  years: Set<number>;
  /** ISO dates (and their YYYY-MM months) of as-of dates and periods. */
  dates: Set<string>;
}

const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

const literalKey = (m: Pick<NumberMention, 'kind' | 'value' | 'scale'>) => `${m.kind}|${m.value}|${m.scale}`;

function buildNumberBacking(facts: readonly NumberFact[], allowed: readonly string[] = []): NumberBacking {
  const literals = new Set<string>();
  const years = new Set<number>();
  const dates = new Set<string>();
  // labels, periods, label values and allowed texts in one pass; as-of dates back dates and years only
  const texts: string[] = [...allowed];
  for (const f of facts) {
    texts.push(f.label, f.period);
    if (typeof f.value === 'string') texts.push(f.value);
  }
  const joined = texts.join(' ; ');
  // read with the validator itself, so a literal backs only its own kind: the "$10,000" of a label backs
  // "$10,000", the 12 of "MACD (12, 26)" backs "12-day" but not "12%"
  for (const m of findNumberMentions(joined)) {
    if (m.kind === 'year') years.add(m.value);
    else if (m.kind !== 'date') literals.add(literalKey(m));
  }
  const withAsOf = `${joined} ; ${facts.map((f) => f.as_of).join(' ; ')}`;
  for (const m of withAsOf.matchAll(/(?<!\d)(19|20)\d{2}(?!\d)/g)) years.add(Number(m[0]));
  for (const m of withAsOf.matchAll(ISO_DATE)) {
    dates.add(m[0]);
    dates.add(`${m[1]}-${m[2]}`);
  }
  return { facts, literals, years, dates };
}

/** The value rounds to what is written: |v| / scale within half a unit of the last written decimal. */
function rendersAs(v: number, m: Pick<NumberMention, 'value' | 'decimals' | 'scale'>): boolean {
  const tolerance = 0.5 * 10 ** -m.decimals + 1e-9 * Math.max(1, m.value);
  return Math.abs(Math.abs(v) / m.scale - m.value) <= tolerance;
}

const signAgrees = (v: number, sign: NumberMention['sign']) => sign === 0 || (sign < 0 ? v < 0 : v >= 0);

/** The fact value a mention of this kind may be (null: none): unit-aware, "28.5x" is a multiple, never a dollar amount. */
function candidateValue(f: NumberFact, kind: NumberKind): number | null {
  if (typeof f.value !== 'number') return null;
  const v = f.value;
  switch (kind) {
    case 'percent':
      // percent facts are in percent units; any other plain figure may be written as a percentage of 1 (0.45 → 45%)
      return f.unit === 'percent' ? v : f.unit === 'usd' || f.unit === 'shares' || f.unit === 'count' ? null : v * 100;
    case 'points':
      return f.unit === 'percent' ? v : null;
    case 'currency':
      return f.unit === 'usd' || f.unit === 'usd_per_share' ? v : null;
    case 'multiple':
      return f.unit === 'times' || f.unit === 'ratio' || f.unit === 'score' ? v : null;
    default:
      return v;
  }
}

const MONTH_INDEX = (token: string) => MONTHS.indexOf(token.slice(0, 3).toLowerCase()) + 1;

function explainDate(m: NumberMention, b: NumberBacking): string | null {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(m.token) ? m.token : null;
  if (iso) return b.dates.has(iso) ? null : `date ${iso} is no fact's as-of date or period`;
  const parts = /^(\p{L}+)\.?\s+(?:(\d{1,2})\D*?\s+)?(\d{4})$/u.exec(m.token);
  if (!parts) return null;
  const month = String(MONTH_INDEX(parts[1]!)).padStart(2, '0');
  const key = parts[2] ? `${parts[3]}-${month}-${parts[2].padStart(2, '0')}` : `${parts[3]}-${month}`;
  return b.dates.has(key) ? null : `date ${m.token} (${key}) is no fact's as-of date or period`;
}

const describeKind: Record<NumberKind, string> = {
  percent: 'percent fact',
  points: 'percent fact',
  currency: 'dollar fact',
  multiple: 'multiple or ratio fact',
  number: 'fact',
  year: 'fact',
  date: 'fact',
  fraction: 'percent or ratio fact',
};

/** Why a mention is not backed, or null when a fact, a label/period or an allowed text holds it. */
function explainUnbacked(m: NumberMention, b: NumberBacking): string | null {
  if (m.kind === 'date') return explainDate(m, b);
  if (m.kind === 'year') {
    if (b.years.has(m.value) || b.literals.has(literalKey({ kind: 'number', value: m.value, scale: 1 }))) return null;
    if (b.facts.some((f) => typeof f.value === 'number' && rendersAs(f.value, m))) return null;
    return `year ${m.value} is in no fact's period or as-of date`;
  }
  if (m.kind === 'fraction') {
    // "a third of" is loose by nature: within 2.5 points of a percent fact (or 0.025 of a ratio)
    for (const f of b.facts) {
      if (typeof f.value !== 'number') continue;
      if (f.unit === 'percent' && Math.abs(Math.abs(f.value) - m.value * 100) <= 2.5) return null;
      if ((f.unit === 'ratio' || f.unit === 'score') && Math.abs(Math.abs(f.value) - m.value) <= 0.025) return null;
    }
    return `no percent or ratio fact is near ${(m.value * 100).toFixed(1)}% ("${m.token}")`;
  }
  // numbers written in labels, periods and allowed texts, of the same kind ("200-day" from "SMA (200)")
  if (b.literals.has(literalKey(m))) return null;
  let nearest: { f: NumberFact; v: number; d: number } | null = null;
  let oppositeSign: string | null = null;
  for (const f of b.facts) {
    const v = candidateValue(f, m.kind);
    if (v === null) continue;
    if (rendersAs(v, m)) {
      if (signAgrees(v, m.sign)) return null;
      oppositeSign ??= `sign differs: ${f.key} is ${v}`;
      continue;
    }
    const d = Math.abs(Math.abs(v) / m.scale - m.value) / Math.max(m.value, 1e-9);
    if (!nearest || d < nearest.d) nearest = { f, v, d };
  }
  if (oppositeSign) return oppositeSign;
  const near = nearest ? ` (nearest: ${nearest.f.key} ${nearest.v})` : '';
  return `no ${describeKind[m.kind]} rounds to ${m.token}${near}`;
}

/** Mentions of `text` no fact backs, each with why. */
function checkTextNumbers(text: string, backing: NumberBacking, allowed: readonly string[] = []): UnbackedNumber[] {
  const out: UnbackedNumber[] = [];
  for (const m of findNumberMentions(text, allowed)) {
    const reason = explainUnbacked(m, backing);
    // the mention is ours: extend it in place (a spread copy costs more than the whole check)
    if (reason) out.push(Object.assign(m, { reason }));
  }
  return out;
}

/** Each sentence of a note with its place, for `where`. */
const listNoteSentences = (note: AnalysisNote): Array<{ where: string; text: string }> => [
  { where: 'headline', text: note.headline.text },
  ...note.strengths.map((s, i) => ({ where: `strengths[${i}]`, text: s.text })),
  ...note.risks.map((s, i) => ({ where: `risks[${i}]`, text: s.text })),
  { where: 'verdict', text: note.verdict.text },
];

/**
 * Numbers in a text (or in every sentence of an analysis note) that no fact backs. A number is backed
 * when a fact of a fitting unit rounds to it as written (0 or more decimals, in units, thousands,
 * millions, billions or trillions; an unsigned number may be a negative fact's size), or when it is
 * written in a fact's label or period or in an `allowed` text such as the company name.
 */
export function findUnbackedNumbers(text: string | AnalysisNote, facts: readonly NumberFact[], allowed: readonly string[] = []): UnbackedNumber[] {
  const backing = buildNumberBacking(facts, allowed);
  if (typeof text === 'string') return checkTextNumbers(text, backing, allowed);
  return listNoteSentences(text).flatMap(({ where, text: t }) => checkTextNumbers(t, backing, allowed).map((u) => Object.assign(u, { where })));
}

/** One line per unbacked number for logs and for the model's second try: `"28%" (headline): no percent fact rounds to 28% …`. */
export const describeUnbacked = (list: readonly UnbackedNumber[]): string =>
  list.map((u) => `"${u.token}"${u.where ? ` (${u.where})` : ''}: ${u.reason}`).join('; ');
