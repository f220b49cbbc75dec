import type { Fact, FactUnit } from '../analysis-types.ts';
import type { FactOrigin, FactSheet } from '../runs/facts.ts';
import { lowerLabel } from '../writer/note-rules.ts';
import type { Attribution, AttributionUnit, Contribution } from './attribution-types.ts';

/*
 * The biggest contribution each way of every attribution, as facts: the note cites them, the language
 * model reads them in its facts table and the number validator checks what it writes against them.
 */

/** Key of one input's contribution: `technical_rating_by_rsi_14`, `grade_value_by_fcf_yield`. */
export const contributionKey = (target: string, input: string) => `${target}_by_${input}`;

export const liftKey = (target: string) => `${target}_top_lift`;
export const dragKey = (target: string) => `${target}_top_drag`;

const FACT_UNITS: Record<AttributionUnit, FactUnit> = { rating: 'score', percentile: 'score', points: 'score', usd_per_share: 'usd_per_share' };

/** The largest positive and the most negative contribution (the earlier input on a tie); null when none moves that way. */
export function findDrivers(a: Attribution): { lift: Contribution | null; drag: Contribution | null } {
  let lift: Contribution | null = null;
  let drag: Contribution | null = null;
  for (const c of a.contributions) {
    if (c.contribution > 0 && (!lift || c.contribution > lift.contribution)) lift = c;
    if (c.contribution < 0 && (!drag || c.contribution < drag.contribution)) drag = c;
  }
  return { lift, drag };
}

const VOTE_WORDS = (c: Contribution) => (c.contribution > 0 ? 'buy' : 'sell');

/** "the RSI (14) sell vote", "return on equity", "the terminal value": how a driver is named in a label and a note. */
export function nameDriver(a: Pick<Attribution, 'unit'>, c: Contribution): string {
  if (a.unit === 'rating') return `the ${c.label} ${VOTE_WORDS(c)} vote`;
  return lowerLabel(c.label);
}

/** Puts `<target>_top_lift` and `<target>_top_drag` for each attribution, dated as the target's own fact. */
export function putDriverFacts(sheet: FactSheet, attributions: readonly Attribution[]): void {
  for (const a of attributions) {
    const target = sheet.facts.find((f) => f.key === a.target);
    if (!target) continue;
    const origin = { period: target.period, source: 'computed', as_of: target.as_of };
    const title = lowerLabel(target.label.replace(/\s*\(.*\)$/, ''));
    // every input moving the score by the same amount (Piotroski's points): no input stands out
    const sizes = new Set(a.contributions.filter((c) => c.contribution !== 0).map((c) => Math.abs(c.contribution)));
    if (sizes.size < 2) continue;
    const { lift, drag } = findDrivers(a);
    const ties = (c: Contribution) => {
      const n = a.contributions.filter((x) => x.contribution === c.contribution).length;
      return n > 1 ? ` (one of ${n} that weigh the same)` : '';
    };
    if (lift) sheet.put(liftKey(a.target), lift.contribution, origin, { label: `Largest lift to the ${title}: ${nameDriver(a, lift)}${ties(lift)}` });
    if (drag) sheet.put(dragKey(a.target), drag.contribution, origin, { label: `Largest drag on the ${title}: ${nameDriver(a, drag)}${ties(drag)}` });
  }
}

/**
 * Every input that moved the score, as a fact (`<target>_by_<input>`, its contribution in the score's
 * unit): what the copilot's tools return so a "why" is answered, and checked, from figures.
 */
export function listContributionFacts(a: Attribution, title: string, origin: FactOrigin): Fact[] {
  return a.contributions
    .filter((c) => c.contribution !== 0)
    .map((c) => ({
      key: contributionKey(a.target, c.key),
      label: `${c.label}: contribution to the ${lowerLabel(title)}`,
      value: c.contribution,
      unit: FACT_UNITS[a.unit],
      ...origin,
    }));
}

/** The contribution facts of every attribution whose target is among `facts`, dated and titled as that fact. */
export function listAllContributionFacts(facts: readonly Fact[], attributions: readonly Attribution[]): Fact[] {
  return attributions.flatMap((a) => {
    const target = facts.find((f) => f.key === a.target);
    if (!target) return [];
    return listContributionFacts(a, target.label.replace(/\s*\(.*\)$/, ''), { period: target.period, source: 'computed', as_of: target.as_of });
  });
}
