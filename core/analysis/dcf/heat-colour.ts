/** One step of the heat map's colour scale: background and a text colour that keeps 4.5:1 contrast on it. */
export interface HeatStep {
  /** Lower bound of the step, upside in percent (−100 … ), inclusive. */
  fromPercent: number;
  label: string;
  background: string;
  text: string;
}

/** Diverging scale around the price: reds below it, greys near it, greens above. Ordered low to high. */
export const heatSteps: HeatStep[] = [
  { fromPercent: Number.NEGATIVE_INFINITY, label: '30 % or more below the price', background: '#b91c1c', text: '#ffffff' },
  { fromPercent: -30, label: '10–30 % below', background: '#fecaca', text: '#7f1d1d' },
  { fromPercent: -10, label: 'within 10 %', background: '#f1f5f9', text: '#0f172a' },
  { fromPercent: 10, label: '10–30 % above', background: '#bbf7d0', text: '#14532d' },
  { fromPercent: 30, label: '30 % or more above the price', background: '#047857', text: '#ffffff' },
];

/** Upside of a per-share value over the price, in percent: (value / price − 1) × 100; null without both. */
export function computeUpsidePercent(valuePerShare: number | null, price: number | null): number | null {
  if (valuePerShare === null || price === null || !(price > 0)) return null;
  return (valuePerShare / price - 1) * 100;
}

/** The scale step a cell's upside falls in (the highest step whose lower bound it reaches). */
export function pickHeatStep(upsidePercent: number): HeatStep {
  let step = heatSteps[0]!;
  for (const s of heatSteps) if (upsidePercent >= s.fromPercent) step = s;
  return step;
}
