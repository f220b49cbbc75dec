/** Geometry of the small inline charts (row sparklines, filter histograms), kept apart from React so it can be tested. */

export interface Sparkline {
  /** SVG path through the points that exist; gaps (null/NaN) break the line. */
  d: string;
  /** Last close over first close − 1, in percent; null with fewer than two points. */
  changePercent: number | null;
}

/** Scales closes into a `width` × `height` box (1 px inset so the stroke is not clipped). */
export function buildSparkline(closes: ReadonlyArray<number | null>, width: number, height: number): Sparkline {
  const known = closes.filter((c): c is number => c !== null && Number.isFinite(c));
  if (known.length < 2) return { d: '', changePercent: null };
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  const span = hi - lo || 1;
  const step = (width - 2) / (closes.length - 1);
  let d = '';
  let pen = false;
  closes.forEach((c, i) => {
    if (c === null || !Number.isFinite(c)) {
      pen = false;
      return;
    }
    const x = 1 + i * step;
    const y = 1 + (height - 2) * (1 - (c - lo) / span);
    d += `${pen ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
    pen = true;
  });
  return { d, changePercent: (known[known.length - 1]! / known[0]! - 1) * 100 };
}

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
