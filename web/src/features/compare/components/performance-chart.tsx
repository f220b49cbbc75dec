import { useEffect, useId, useRef, useState } from 'react';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';
import { buildPerformanceGeometry, type PerformanceSeries } from '../performance-geometry.ts';

const H = 220;

/** The element's width in CSS pixels, so the chart draws at its real size (text stays 11 px on a phone). */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, Math.round(entry!.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
/** Each line has its own colour and dash, so the legend works without telling colours apart. */
export const SERIES_STYLES = [
  { stroke: 'var(--color-series-1)', dash: undefined },
  { stroke: 'var(--color-series-2)', dash: '7 4' },
  { stroke: 'var(--color-series-3)', dash: '2 3' },
  { stroke: 'var(--color-series-4)', dash: '10 3 2 3' },
  { stroke: 'var(--color-series-5)', dash: '4 2' },
] as const;

/** Written as every percent fact is (core/facts/format-fact.ts), with a plus for a rise. */
const formatChange = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${formatFactValue({ value: v, unit: 'percent' })}`);

/** The symbols' last year on one scale: each line starts at 0 % on its first close (weekly closes). */
export function PerformanceChart({ series }: { series: readonly PerformanceSeries[] }) {
  const titleId = useId();
  const [ref, W] = useWidth<HTMLElement>(640);
  const g = buildPerformanceGeometry(series, W, H);
  if (!g) return <p className="text-sm text-fg-muted">No price history to chart for these symbols.</p>;
  const summary = g.lines.map((l) => `${l.symbol} ${formatChange(l.changePercent)}`).join(', ');
  return (
    <figure ref={ref} className="space-y-3" data-testid="compare-performance">
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} className="block max-w-full" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{`Price change over the last year, from ${g.from} to ${g.to}: ${summary}.`}</title>
        {g.ticks.map((t) => (
          <g key={t.value}>
            <line x1={40} x2={W - 8} y1={t.y} y2={t.y} className={t.value === 0 ? 'stroke-chart-axis' : 'stroke-border'} strokeWidth={1} />
            <text x={34} y={t.y + 3} textAnchor="end" className="fill-fg-muted text-[11px]">
              {`${t.value > 0 ? '+' : t.value < 0 ? '−' : ''}${Math.abs(t.value)}%`}
            </text>
          </g>
        ))}
        {g.lines.map((l) => {
          const style = SERIES_STYLES[series.findIndex((s) => s.symbol === l.symbol) % SERIES_STYLES.length]!;
          return (
            <path key={l.symbol} d={l.d} fill="none" style={{ stroke: style.stroke }} strokeDasharray={style.dash} strokeWidth={2} strokeLinejoin="round" />
          );
        })}
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label="Legend">
          {g.lines.map((l) => {
            const style = SERIES_STYLES[series.findIndex((s) => s.symbol === l.symbol) % SERIES_STYLES.length]!;
            return (
              <li key={l.symbol} className="flex items-center gap-2">
                <svg width="28" height="8" aria-hidden>
                  <line x1="0" x2="28" y1="4" y2="4" style={{ stroke: style.stroke }} strokeDasharray={style.dash} strokeWidth="2.5" />
                </svg>
                <span className="font-medium text-fg">{l.symbol}</span>
                <span className="tabular text-fg-secondary">{formatChange(l.changePercent)}</span>
              </li>
            );
          })}
        </ul>
        <p className="mt-1 text-xs text-fg-muted">
          Weekly closes from {g.from} to {g.to}, each rebased to 0 % at its close a year before the last; month-end closes where only those exist.
        </p>
      </figcaption>
    </figure>
  );
}
