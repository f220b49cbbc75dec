/** One symbol's weekly closes over the last year, oldest first. */
export interface PerformanceSeries {
  symbol: string;
  dates: readonly string[];
  closes: readonly number[];
  /** The symbol's 1-year price change as every page states it (`return_1y`); the legend shows this figure. */
  changePercent?: number | null;
}

interface PerformanceLine {
  symbol: string;
  /** SVG path in the chart's coordinates. */
  d: string;
  /** Change from its first close to its last, in percent (null with fewer than two closes). */
  changePercent: number | null;
}

interface PerformanceGeometry {
  lines: PerformanceLine[];
  /** Horizontal grid lines: percent value and y. */
  ticks: Array<{ value: number; y: number }>;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** A step of 1, 2 or 5 × 10^n giving about four grid lines over `span`. */
function findTickStep(span: number): number {
  const raw = span / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
}

/**
 * Each series rebased to its own first close (0 % at the start), on one date axis: a year of AAPL
 * from 200 to 250 ends at +25 %. `pad` leaves room for the axis labels on the left.
 */
export function buildPerformanceGeometry(
  series: readonly PerformanceSeries[],
  width: number,
  height: number,
  pad = { left: 40, right: 8, top: 8, bottom: 8 },
): PerformanceGeometry | null {
  const usable = series.filter((s) => s.closes.length >= 2 && s.closes[0]! > 0);
  if (usable.length === 0) return null;
  const rebased = usable.map((s) => s.closes.map((c) => (c / s.closes[0]! - 1) * 100));
  const from = usable.reduce((m, s) => (s.dates[0]! < m ? s.dates[0]! : m), usable[0]!.dates[0]!);
  const to = usable.reduce((m, s) => (s.dates.at(-1)! > m ? s.dates.at(-1)! : m), usable[0]!.dates.at(-1)!);
  const all = rebased.flat();
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all);
  const step = findTickStep(hi - lo || 1);
  const yMin = Math.floor(lo / step) * step;
  const yMax = Math.ceil(hi / step) * step;
  const d0 = toDay(from);
  const spanDays = toDay(to) - d0 || 1;
  const x = (iso: string) => pad.left + ((toDay(iso) - d0) / spanDays) * (width - pad.left - pad.right);
  const y = (v: number) => pad.top + ((yMax - v) / (yMax - yMin || 1)) * (height - pad.top - pad.bottom);
  const lines = usable.map((s, i) => ({
    symbol: s.symbol,
    d: rebased[i]!.map((v, j) => `${j === 0 ? 'M' : 'L'}${x(s.dates[j]!).toFixed(1)},${y(v).toFixed(1)}`).join(''),
    // The stated figure when the caller has it; else the line's own end over its start.
    changePercent: s.changePercent ?? Math.round(rebased[i]!.at(-1)! * 100) / 100,
  }));
  const ticks: PerformanceGeometry['ticks'] = [];
  for (let v = yMin; v <= yMax + step / 2; v += step) ticks.push({ value: Math.round(v * 100) / 100, y: y(v) });
  return { lines, ticks, from, to };
}
