/** Geometry of the row sparklines, kept apart from React so it can be tested. */

export interface SparklineGeometry {
  /** SVG path through the points that exist; gaps (null/NaN) break the line. */
  d: string;
  /** Last close over first close − 1, in percent; null with fewer than two points. */
  changePercent: number | null;
  /** The lowest and highest close drawn (the axis values); null with fewer than two points. */
  low: number | null;
  high: number | null;
}

/** Scales closes into a `width` × `height` box (1 px inset so the stroke is not clipped). */
export function buildSparkline(closes: ReadonlyArray<number | null>, width: number, height: number): SparklineGeometry {
  const known = closes.filter((c): c is number => c !== null && Number.isFinite(c));
  if (known.length < 2) return { d: '', changePercent: null, low: null, high: null };
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
  return { d, changePercent: (known[known.length - 1]! / known[0]! - 1) * 100, low: lo, high: hi };
}
