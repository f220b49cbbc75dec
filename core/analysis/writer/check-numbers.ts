import type { AnalysisNote, Fact } from '../analysis-types.ts';

const NUMBER = /\d[\d,]*(?:\.\d+)?/g;
const SCALES = [1, 1e3, 1e6, 1e9, 1e12];

const extractNumbers = (text: string): string[] => [...text.matchAll(NUMBER)].map((m) => m[0].replaceAll(',', ''));

/** Every way a number may legitimately render: rounded to 0–2 decimals, whole or in thousands … trillions. */
function listRenderings(value: number): string[] {
  const a = Math.abs(value);
  const out: string[] = [];
  for (const s of SCALES) for (let d = 0; d <= 2; d++) out.push((a / s).toFixed(d));
  return out;
}

/**
 * Numbers in the note's text that no fact backs. A number is backed when it is a fact's value (its
 * absolute value, rounded to 0–2 decimals, possibly in thousands/millions/billions/trillions), or when it
 * appears in a fact's label or period ("SMA (200)", "FY2025") or in an `allowed` text such as the company
 * name. The rule-based writer must always pass; the LLM writer will be held to the same check.
 */
export function findUnbackedNumbers(note: AnalysisNote, facts: readonly Fact[], allowed: readonly string[] = []): string[] {
  const backed = new Set<string>();
  for (const f of facts) {
    if (typeof f.value === 'number') for (const r of listRenderings(f.value)) backed.add(r);
    for (const n of [...extractNumbers(f.label), ...extractNumbers(f.period), ...(typeof f.value === 'string' ? extractNumbers(f.value) : [])]) backed.add(n);
  }
  for (const text of allowed) for (const n of extractNumbers(text)) backed.add(n);
  const sentences = [note.headline, ...note.strengths, ...note.risks, note.verdict];
  return sentences.flatMap((s) => extractNumbers(s.text)).filter((n) => !backed.has(n));
}
