import type { Fact, Sentence } from '../analysis-types.ts';
import type { Attribution } from '../attribution/attribution-types.ts';
import { formatFactValue } from '../../facts/format-fact.ts';

/** Read access to an analysis' facts by key. */
export interface FactReader {
  has(key: string): boolean;
  label(key: string): string;
  period(key: string): string | null;
  num(key: string): number | null;
  text(key: string): string | null;
  /** The fact as every page writes it ("26.92 %", "$212.45"): core/facts/format-fact.ts. */
  fmt(key: string): string;
  /** Its size without the sign, for sentences that say the direction in words ("lost 4.21 %"). */
  fmtSize(key: string): string;
}

export function readFacts(facts: readonly Fact[]): FactReader {
  const byKey = new Map(facts.map((f) => [f.key, f]));
  return {
    has: (k) => byKey.has(k),
    label: (k) => byKey.get(k)?.label ?? k,
    period: (k) => byKey.get(k)?.period ?? null,
    num: (k) => {
      const v = byKey.get(k)?.value;
      return typeof v === 'number' ? v : null;
    },
    text: (k) => {
      const v = byKey.get(k)?.value;
      return typeof v === 'string' ? v : null;
    },
    fmt: (k) => {
      const f = byKey.get(k);
      return f ? formatFactValue(f) : '—';
    },
    fmtSize: (k) => {
      const f = byKey.get(k);
      return f ? formatFactValue(typeof f.value === 'number' ? { ...f, value: Math.abs(f.value) } : f) : '—';
    },
  };
}

/** Who the note is about; the only words it may use beyond the facts. */
export interface WriterContext {
  symbol: string;
  name: string;
  /** What moved each grade and rating: the verdict names the biggest lift and drag of the note's main one. */
  attribution?: readonly Attribution[];
  /** A caution the headline opens with, in words without figures (the DCF's sanity flags): read before the number. */
  caution?: string;
}

/**
 * One observation the note may make. It fires when every fact in `keys` exists and `salience` returns a
 * number; the strongest observations (highest salience) lead. Salience is how far past its threshold the
 * figure is, in units of that threshold's scale, so rules of different figures compare.
 */
export interface NoteRule {
  id: string;
  side: 'strength' | 'risk';
  keys: string[];
  salience: (r: FactReader) => number | null;
  text: (r: FactReader, ctx: WriterContext) => string;
}

export interface FiredRule {
  rule: NoteRule;
  /** Salience capped at 2: what the rule weighs in the note's balance. */
  weight: number;
  /** Weight plus the focus bonus: the order the sentences appear in. */
  salience: number;
  sentence: Sentence;
}

/** Salience of `value` past `threshold` in the direction that matters: null when it does not clear it. */
export function measureAbove(value: number | null, threshold: number, span: number): number | null {
  return value !== null && value > threshold ? (value - threshold) / span : null;
}

export function measureBelow(value: number | null, threshold: number, span: number): number | null {
  return value !== null && value < threshold ? (threshold - value) / span : null;
}

/**
 * The fired rules of one side, strongest first. Salience is capped at 2 (an extreme figure is not worth
 * more than two strong ones) and rules on a `focus` key (the figures a tab is about) gain 2, so the
 * profitability tab leads with margins even when the balance sheet is louder.
 */
export function fireRules(
  rules: readonly NoteRule[],
  side: NoteRule['side'],
  r: FactReader,
  ctx: WriterContext,
  focus: ReadonlySet<string> = new Set(),
): FiredRule[] {
  const fired: FiredRule[] = [];
  for (const rule of rules) {
    if (rule.side !== side || !rule.keys.every((k) => r.has(k))) continue;
    const base = rule.salience(r);
    if (base === null) continue;
    const weight = Math.min(base, 2);
    const salience = weight + (rule.keys.some((k) => focus.has(k)) ? 2 : 0);
    fired.push({ rule, weight, salience, sentence: { text: rule.text(r, ctx), fact_keys: rule.keys } });
  }
  return fired.sort((a, b) => b.salience - a.salience);
}

/**
 * Three sentences of one side. When fewer than three rules fire the list is not padded with filler: it
 * ends with one sentence saying that nothing else cleared the thresholds (no fact keys, no numbers).
 */
export function pickThree(fired: readonly FiredRule[], side: NoteRule['side']): Sentence[] {
  const top = fired.slice(0, 3).map((f) => f.sentence);
  if (top.length === 3) return top;
  const noun = side === 'strength' ? 'strength' : 'risk';
  const text =
    top.length === 0
      ? `None of the figures we test clears our bar for a ${noun}.`
      : `No other figure we test clears our bar for a ${noun}${top.length === 1 ? '; this is the only one' : ''}.`;
  return [...top, { text, fact_keys: [] }];
}

/** Net tone of the fired rules: summed strength weights minus summed risk weights (top three each). */
export function weighBalance(strengths: readonly FiredRule[], risks: readonly FiredRule[]): number {
  const sum = (xs: readonly FiredRule[]) => xs.slice(0, 3).reduce((s, f) => s + f.weight, 0);
  return sum(strengths) - sum(risks);
}

/** "return on equity of 151.9%": a fact named and valued, for headlines built from whichever rule leads. */
export function describeFact(r: FactReader, key: string): string {
  const label = r.label(key);
  const name = label.replace(/ \([^)]*\)$/, '');
  return `${lowerLabel(name)} of ${r.fmt(key)}`;
}

/** "Return on equity" → "return on equity" for use mid-sentence; names (Piotroski, Altman…) and acronyms keep their capitals. */
export const lowerLabel = (name: string): string =>
  /^[A-Z][a-z]/.test(name) && !/^(Piotroski|Altman|Beneish|Sloan)\b/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
