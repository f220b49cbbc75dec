import { buildSparkline } from './sparkline-geometry.ts';

/** Axis values as short as a table cell needs: 1.2k, 312, 48.50 (the row's own columns carry the exact price). */
export const formatAxisValue = (v: number) => (Math.abs(v) >= 1000 ? `${(v / 1000).toFixed(1)}k` : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));

/**
 * A row's small trend line (oldest first; a gap breaks it), green when it ended higher and red when lower, with its
 * axis values — the highest and lowest close drawn — beside it, so the line has a scale. `label` is what a screen
 * reader hears (the change, in words); the range is added to it.
 */
export function Sparkline({
  values,
  label,
  formatValue = formatAxisValue,
  width = 84,
  height = 24,
}: {
  values: ReadonlyArray<number | null>;
  label: (changePercent: number) => string;
  formatValue?: (value: number) => string;
  width?: number;
  height?: number;
}) {
  const { d, changePercent, low, high } = buildSparkline(values, width, height);
  if (changePercent === null || low === null || high === null) return <span className="text-xs text-fg-subtle">No trend</span>;
  const up = changePercent >= 0;
  const name = `${label(changePercent)}; range ${formatValue(low)} to ${formatValue(high)}`;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={name} title={name}>
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden className="block h-6 w-14 sm:w-[84px]">
        <path
          d={d}
          fill="none"
          className={up ? 'stroke-positive' : 'stroke-negative'}
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span aria-hidden className="flex h-6 flex-col justify-between text-[10px] leading-none text-fg-muted tabular">
        <span>{formatValue(high)}</span>
        <span>{formatValue(low)}</span>
      </span>
    </span>
  );
}
