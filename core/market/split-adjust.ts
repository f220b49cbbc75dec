/**
 * Split adjustment of per-share values and share counts.
 *
 * Sources disagree about whether a historical figure was restated for later splits (SEC facts are
 * "as last filed": a 2017 EPS filed before NVIDIA's 2021 and 2024 splits is raw, one re-filed in 2022
 * is adjusted for the first split only). So for every figure we list what factor could still be missing
 * (none, the last split, the last two, …) and pick the one that makes the figure agree with a
 * reference computed from totals (net income / shares, dividends paid / shares, latest share count).
 */

export interface SplitEvent {
  date: string;
  /** New shares per old share: 4 for 4-for-1, 0.125 for a 1-for-8 reverse split. */
  ratio: number;
}

/**
 * Yahoo's split column also records spin-off price adjustments (MMM 1.196, T 1.324, RTX 1.589…).
 * A true split changes the share count by a simple ratio: n-for-1, 3-for-2, or 1-for-n.
 */
export function isTrueSplit(ratio: number): boolean {
  if (!(ratio > 0) || ratio === 1) return false;
  const r = ratio >= 1 ? ratio : 1 / ratio;
  if (r >= 1.99 && Math.abs(r - Math.round(r)) < 0.01) return true;
  return Math.abs(r - 1.5) < 0.001;
}

/**
 * The factors that may still be missing from a figure dated `date`: 1 (already adjusted), the ratio of
 * the latest later split, the product of the latest two, … up to all later splits (a raw figure).
 */
export function missingFactorCandidates(date: string, splits: readonly SplitEvent[]): number[] {
  const later = splits.filter((s) => s.date > date && isTrueSplit(s.ratio)).sort((a, b) => (a.date < b.date ? 1 : -1));
  const out = [1];
  let f = 1;
  for (const s of later) {
    f *= s.ratio;
    out.push(f);
  }
  return out;
}

/** Product of every true split after `date`: the factor between a raw figure and today's share basis. */
export function cumulativeSplitFactor(date: string, splits: readonly SplitEvent[]): number {
  const c = missingFactorCandidates(date, splits);
  return c[c.length - 1]!;
}

/**
 * Picks the candidate factor `f` for which `value / f` (per-share) or `value * f` (share count) is
 * closest, in log terms, to `reference`. Without a usable reference the figure is assumed raw only when
 * `assumeRaw`; otherwise it is left as is.
 */
export function chooseMissingFactor(
  value: number,
  reference: number | null,
  candidates: readonly number[],
  kind: 'per_share' | 'share_count',
  assumeRaw = false,
): number {
  if (candidates.length === 1) return 1;
  if (reference === null || !Number.isFinite(reference) || reference === 0 || value === 0 || Math.sign(reference) !== Math.sign(value)) {
    return assumeRaw ? candidates[candidates.length - 1]! : 1;
  }
  let best = 1;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const f of candidates) {
    const adjusted = kind === 'per_share' ? value / f : value * f;
    const d = Math.abs(Math.log(adjusted / reference));
    if (d < bestDistance) {
      bestDistance = d;
      best = f;
    }
  }
  return best;
}

/** Applies a chosen missing factor. Per-share values are rounded to 4 decimals to avoid float noise. */
export function applyFactor(value: number, factor: number, kind: 'per_share' | 'share_count'): number {
  if (factor === 1) return value;
  return kind === 'per_share' ? Math.round((value / factor) * 10_000) / 10_000 : Math.round(value * factor);
}
