import type { Fact, Sentence } from '../analysis-types.ts';
import { formatFactValue } from './format.ts';

/** Read access to an analysis' facts by key. */
export interface FactReader {
  has(key: string): boolean;
  num(key: string): number | null;
  text(key: string): string | null;
  /** The fact as the note writes it ("26.9%", "$212.45"). */
  fmt(key: string): string;
}

export function readFacts(facts: readonly Fact[]): FactReader {
  const byKey = new Map(facts.map((f) => [f.key, f]));
  return {
    has: (k) => byKey.has(k),
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
  };
}

/** Who the note is about; the only words it may use beyond the facts. */
export interface WriterContext {
  symbol: string;
  name: string;
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
  salience: number;
  sentence: Sentence;
}

/** Salience of `value` past `threshold` in the direction that matters: null when it does not clear it. */
export function above(value: number | null, threshold: number, span: number): number | null {
  return value !== null && value > threshold ? (value - threshold) / span : null;
}

export function below(value: number | null, threshold: number, span: number): number | null {
  return value !== null && value < threshold ? (threshold - value) / span : null;
}

/** The fired rules of one side, strongest first. */
export function fireRules(rules: readonly NoteRule[], side: NoteRule['side'], r: FactReader, ctx: WriterContext): FiredRule[] {
  const fired: FiredRule[] = [];
  for (const rule of rules) {
    if (rule.side !== side || !rule.keys.every((k) => r.has(k))) continue;
    const salience = rule.salience(r);
    if (salience === null) continue;
    fired.push({ rule, salience, sentence: { text: rule.text(r, ctx), fact_keys: rule.keys } });
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

/** Net tone of the fired rules: summed strength salience minus summed risk salience (top three each). */
export function weighBalance(strengths: readonly FiredRule[], risks: readonly FiredRule[]): number {
  const sum = (xs: readonly FiredRule[]) => xs.slice(0, 3).reduce((s, f) => s + Math.min(f.salience, 2), 0);
  return sum(strengths) - sum(risks);
}
