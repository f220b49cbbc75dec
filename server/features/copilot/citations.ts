import type { CopilotCitation, CopilotDraft, CopilotFact } from '../../../core/copilot/copilot-types.ts';

/** `[3]`, `[3, 5]`, `[3][5]`: the markers an answer cites facts with. */
const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/** The draft's facts as numbered footnotes: the nth fact is `[n]`. */
export function toCitations(facts: readonly CopilotFact[]): CopilotCitation[] {
  return facts.map((f, i) => ({
    n: i + 1,
    symbol: f.symbol,
    key: f.key,
    label: f.label,
    value: f.value,
    unit: f.unit,
    period: f.period,
    as_of: f.as_of,
    href: f.href,
  }));
}

const MARKER_WITH_SPACE = /\s*\[\d{1,3}(?:\s*,\s*\d{1,3})*\]/g;

/** The text without its citation markers (and the space before each): what the number check reads (a marker is not a figure). */
export const stripMarkers = (text: string): string => text.replace(MARKER_WITH_SPACE, '');

const identityOf = (f: CopilotFact) => `${f.symbol ?? ''}|${f.key}|${f.period}|${f.value}`;

/**
 * The facts a model saw this turn, each under a reference number it cites as `[ref]`. The same fact
 * returned twice (two tools, two calls) keeps its first number, so citations deduplicate.
 */
export class FactRegistry {
  private readonly byRef = new Map<number, CopilotFact>();
  private readonly refOf = new Map<string, number>();

  register(fact: CopilotFact): number {
    const id = identityOf(fact);
    const known = this.refOf.get(id);
    if (known !== undefined) return known;
    const ref = this.byRef.size + 1;
    this.byRef.set(ref, fact);
    this.refOf.set(id, ref);
    return ref;
  }

  get facts(): CopilotFact[] {
    return [...this.byRef.values()];
  }

  get(ref: number): CopilotFact | undefined {
    return this.byRef.get(ref);
  }
}

/**
 * Renumbers a model's `[ref]` markers to footnotes 1…k in order of first appearance (each fact once).
 * Used incrementally while streaming: feed sentences in order and each keeps the numbers it was given.
 */
export class CitationNumberer {
  private readonly order: CopilotFact[] = [];
  private readonly numberOf = new Map<number, number>();
  /** References the text used that no tool returned. */
  readonly unknown: number[] = [];

  constructor(private readonly registry: FactRegistry) {}

  renumber(text: string): string {
    return text.replace(MARKER, (_m, list: string) => {
      const ns = list.split(',').map((s) => Number(s.trim()));
      const out: number[] = [];
      for (const ref of ns) {
        let n = this.numberOf.get(ref);
        if (n === undefined) {
          const fact = this.registry.get(ref);
          if (!fact) {
            this.unknown.push(ref);
            continue;
          }
          this.order.push(fact);
          n = this.order.length;
          this.numberOf.set(ref, n);
        }
        if (!out.includes(n)) out.push(n);
      }
      return out.map((n) => `[${n}]`).join('');
    });
  }

  get facts(): CopilotFact[] {
    return [...this.order];
  }
}

/** Whether every `[n]` of a draft points at one of its facts. */
export function findDanglingMarkers(draft: CopilotDraft): number[] {
  const out: number[] = [];
  for (const m of draft.text.matchAll(MARKER)) {
    for (const s of m[1]!.split(',')) {
      const n = Number(s.trim());
      if (n < 1 || n > draft.facts.length) out.push(n);
    }
  }
  return out;
}
