/** Geometry of the filter histograms, kept apart from React so it can be tested (row sparklines: components/ui/sparkline-geometry.ts). */

interface HistogramBar {
  x: number;
  width: number;
  height: number;
  /** The bar overlaps the chosen [min, max] range. */
  selected: boolean;
}

/**
 * Bars for bins bounded by `edges` (edges.length = counts.length + 1). Heights are on a square-root scale
 * so a bin of 3 next to one of 300 still shows. A bar is selected when its bin overlaps [min, max].
 */
export function buildHistogram(
  counts: readonly number[],
  edges: readonly number[],
  width: number,
  height: number,
  min: number | null,
  max: number | null,
): HistogramBar[] {
  const top = Math.sqrt(Math.max(1, ...counts));
  const w = width / Math.max(1, counts.length);
  return counts.map((c, i) => {
    const lo = edges[i] ?? Number.NEGATIVE_INFINITY;
    const hi = edges[i + 1] ?? Number.POSITIVE_INFINITY;
    const selected = (min === null || hi >= min) && (max === null || lo <= max);
    return { x: i * w, width: Math.max(1, w - 1), height: c === 0 ? 0 : Math.max(1, (height * Math.sqrt(c)) / top), selected };
  });
}
