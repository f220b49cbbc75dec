import { type Attribution, type AttributionUnit, type Contribution, toUnits } from './attribution-types.ts';

/** One input before rounding: its exact share of the score. */
export interface ExactContribution extends Omit<Contribution, 'contribution' | 'explanation'> {
  exact: number;
  /** Written after rounding, so the text shows the contribution as stored. */
  explain: (contribution: string) => string;
}

/**
 * Rounds exact shares so that they sum to the rounded score minus the rounded base, in whole units of
 * 10^−decimals (the largest-remainder method): each share is rounded to the nearest unit, then the
 * units still missing (or in excess) go one each to the shares rounding lost most on (or gained most
 * on). A share that is exactly 0 is never adjusted; ties go to the earlier input.
 */
export function apportionUnits(exact: readonly number[], base: number, score: number, decimals: number): number[] {
  const scale = 10 ** decimals;
  const units = exact.map((x) => Math.round(x * scale) || 0);
  let missing = toUnits(score, decimals) - toUnits(base, decimals) - units.reduce((s, u) => s + u, 0);
  if (missing === 0) return units;
  const step = Math.sign(missing);
  // how much each share would gain by one more unit in the needed direction; the least harmful first
  const order = exact
    .map((x, i) => ({ i, cost: step * (units[i]! - x * scale) }))
    .filter(({ i }) => exact[i] !== 0)
    .sort((a, b) => a.cost - b.cost || a.i - b.i);
  for (let k = 0; missing !== 0 && order.length > 0; k++) {
    units[order[k % order.length]!.i]! += step;
    missing -= step;
  }
  return units;
}

const MINUS = '−';

/** "+0.0455", "−1", "0": a contribution with its sign, in the attribution's decimals. */
export function formatSigned(x: number, decimals: number): string {
  const text = Math.abs(x).toFixed(decimals);
  if (Number(text) === 0) return (0).toFixed(decimals);
  return `${x < 0 ? MINUS : '+'}${text}`;
}

interface AttributionDraft {
  target: string;
  label: string;
  unit: AttributionUnit;
  decimals: number;
  base: number;
  /** The engine's exact score (base + Σ exact shares up to floating-point error). */
  score: number;
  verdict: string | null;
  items: ExactContribution[];
}

/** The finished attribution: score, base and shares rounded to `decimals`, the shares apportioned to sum exactly. */
export function roundAttribution(d: AttributionDraft): Attribution {
  const scale = 10 ** d.decimals;
  const units = apportionUnits(
    d.items.map((c) => c.exact),
    d.base,
    d.score,
    d.decimals,
  );
  const clean = (u: number) => (u === 0 ? 0 : u / scale);
  return {
    target: d.target,
    label: d.label,
    score: clean(toUnits(d.score, d.decimals)),
    base: clean(toUnits(d.base, d.decimals)),
    unit: d.unit,
    decimals: d.decimals,
    verdict: d.verdict,
    contributions: d.items.map((c, i) => {
      const contribution = clean(units[i]!);
      return { key: c.key, label: c.label, value: c.value, contribution, explanation: c.explain(formatSigned(contribution, d.decimals)) };
    }),
  };
}

/** A reading as the explanations write it: up to 4 significant decimals, compact above a million. */
export function formatReading(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e9) return `${(v / 1e9).toFixed(2)}B`;
  if (a >= 1e6) return `${(v / 1e6).toFixed(2)}M`;
  if (a >= 100) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  return v.toFixed(3);
}

/** A fraction as a percent with one decimal, written as every fact is ("15.2 %"): 0.1519 → "15.2 %". */
export const formatPercent = (fraction: number): string => `${(fraction * 100).toFixed(1)} %`;
