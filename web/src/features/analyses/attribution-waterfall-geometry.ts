import type { AttributionResponse } from '../../../../server/features/analyses/analyses.routes.ts';

export type Attribution = AttributionResponse;
export type AttributionContribution = Attribution['contributions'][number];

/** One bar of the waterfall: it spans from the running total before the step to the total after it (percent of the track). */
export interface WaterfallBar {
  key: string;
  label: string;
  kind: 'base' | 'step' | 'score';
  /** The step's size (signed) for a step, the level itself for the base and the score. */
  amount: number;
  /** Running total before and after the bar, in the score's unit. */
  from: number;
  to: number;
  /** Left edge and width on the track, 0..100. */
  x: number;
  width: number;
  explanation: string;
}

export interface Waterfall {
  bars: WaterfallBar[];
  /** Inputs measured that moved the score by 0 (neutral votes, failed tests): listed in the table only. */
  unmoved: AttributionContribution[];
  /** Inputs with no value for this company (not computable, not applicable to its class): not counted, not "moved by 0". */
  notCounted: AttributionContribution[];
  /** The track's ends in the score's unit, and where zero (or the base) sits on it. */
  min: number;
  max: number;
}

/** Bars narrower than this (percent of the track) are drawn this wide, so a tiny step stays visible and clickable. */
const MIN_WIDTH = 0.8;

/**
 * The waterfall of an attribution: the base, then every input that moved the score (largest first, the
 * order kept on a tie), each floating from the running total before it to the total after it, then the
 * score. Totals accumulate in whole units of the attribution's decimals, so the last step ends exactly on
 * the score. The track spans every total the bars reach (and 0 when the base is 0), padded by 5 %.
 */
export function layoutWaterfall(a: Attribution): Waterfall {
  const scale = 10 ** a.decimals;
  const moved = a.contributions
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.contribution !== 0)
    .sort((p, q) => Math.abs(q.c.contribution) - Math.abs(p.c.contribution) || p.i - q.i)
    .map(({ c }) => c);
  let units = Math.round(a.base * scale);
  const steps = moved.map((c) => {
    const from = units / scale;
    units += Math.round(c.contribution * scale);
    return { c, from, to: units / scale };
  });
  const levels = [a.base, a.score, ...steps.map((s) => s.to)];
  if (a.base === 0) levels.push(0);
  let min = Math.min(...levels);
  let max = Math.max(...levels);
  const pad = (max - min || Math.abs(max) || 1) * 0.05;
  min -= pad;
  max += pad;
  const place = (v: number) => ((v - min) / (max - min)) * 100;
  const span = (from: number, to: number) => {
    const a1 = place(Math.min(from, to));
    const w = Math.max(MIN_WIDTH, place(Math.max(from, to)) - a1);
    return { x: Math.min(a1, 100 - w), width: w };
  };
  // the base and the score are levels: drawn from the track's origin (0, or its left end) to the level
  const origin = Math.min(Math.max(0, min), max);
  const bars: WaterfallBar[] = [
    { key: 'base', label: 'Start', kind: 'base', amount: a.base, from: origin, to: a.base, ...span(origin, a.base), explanation: '' },
    ...steps.map(({ c, from, to }) => ({
      key: c.key,
      label: c.label,
      kind: 'step' as const,
      amount: c.contribution,
      from,
      to,
      ...span(from, to),
      explanation: c.explanation,
    })),
    { key: 'score', label: 'Score', kind: 'score', amount: a.score, from: origin, to: a.score, ...span(origin, a.score), explanation: '' },
  ];
  return {
    bars,
    unmoved: a.contributions.filter((c) => c.contribution === 0 && c.value !== null),
    notCounted: a.contributions.filter((c) => c.contribution === 0 && c.value === null),
    min,
    max,
  };
}

const MINUS = '−';

/** A level or a step in the attribution's unit and decimals: "$127.50", "+0.0455", "−10.24", "82.21". */
export function formatAttributionValue(a: Pick<Attribution, 'unit' | 'decimals'>, v: number, signed: boolean): string {
  const abs = Math.abs(v).toFixed(a.decimals);
  const zero = Number(abs) === 0;
  const sign = zero ? '' : v < 0 ? MINUS : signed ? '+' : '';
  return a.unit === 'usd_per_share' ? `${sign}$${abs}` : `${sign}${abs}`;
}

/** What the base means, per unit: the start of the waterfall in words. */
export function describeBase(a: Pick<Attribution, 'unit' | 'base'>): string {
  if (a.unit === 'percentile') return 'Sector median';
  if (a.base !== 0) return 'Model constant';
  return 'Start';
}
