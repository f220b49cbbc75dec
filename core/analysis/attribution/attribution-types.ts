/*
 * Attribution: which inputs moved each grade, rating and score of an analysis, and by how much. Every
 * attribution is additive — `base + Σ contributions = score` — exactly in units of 10^−decimals (see
 * `sumsExactly` and docs/attribution.md for the rounding rules).
 */

/** What the score is measured in: rating score (−1..1), sector percentile (0..100), points of a score, or USD per share. */
export type AttributionUnit = 'rating' | 'percentile' | 'points' | 'usd_per_share';

export interface Contribution {
  /** Stable snake_case key of the input (`rsi_14`, `roe`, `roa_positive`, `x3`, `terminal_value`). */
  key: string;
  label: string;
  /** The input's reading (a ratio, a percent, a vote's indicator value), or null when the input could not be measured. */
  value: number | null;
  /** The input's share of the score, in the score's unit, rounded to `decimals`. */
  contribution: number;
  /** The reading and the arithmetic in words, e.g. "RSI 72.41 (a bar earlier 74.10) → sell: −1 of 11 oscillator votes = −1/22 of the score". */
  explanation: string;
}

export interface Attribution {
  /** The fact key of the grade or score explained (`technical_rating`, `grade_profitability`, `piotroski_f`…). */
  target: string;
  /** What the page titles it, e.g. "Profitability grade B". */
  label: string;
  /** The score rounded to `decimals`: base + Σ contributions, exactly. */
  score: number;
  /** Where the score starts before any input moves it (0, the sector median 50, Beneish's intercept −4.84). */
  base: number;
  unit: AttributionUnit;
  /** Decimals kept: score, base and every contribution are whole multiples of 10^−decimals. */
  decimals: number;
  /** The label the score maps to ("Buy", "B", "Safe"), when there is one. */
  verdict: string | null;
  contributions: Contribution[];
}

/** Integer count of 10^−decimals units: how sums are checked without floating-point drift. */
export const toUnits = (x: number, decimals: number): number => Math.round(x * 10 ** decimals) || 0;

/** True when base + Σ contributions = score in whole units of 10^−decimals (the invariant every attribution keeps). */
export function sumsExactly(a: Pick<Attribution, 'score' | 'base' | 'decimals' | 'contributions'>): boolean {
  const total = a.contributions.reduce((s, c) => s + toUnits(c.contribution, a.decimals), toUnits(a.base, a.decimals));
  return total === toUnits(a.score, a.decimals);
}
