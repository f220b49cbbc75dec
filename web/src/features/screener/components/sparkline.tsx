import { buildSparkline } from '../chart-geometry.ts';

const W = 84;
const H = 24;

/** The last year of weekly closes as a line, green when it ended higher, red when lower; the change is its accessible name. */
export function Sparkline({ closes, symbol }: { closes: ReadonlyArray<number | null>; symbol: string }) {
  const { d, changePercent } = buildSparkline(closes, W, H);
  if (changePercent === null) return <span className="text-xs text-slate-500">—</span>;
  const up = changePercent >= 0;
  const label = `${symbol}, last year: ${up ? 'up' : 'down'} ${Math.abs(changePercent).toFixed(1)}%`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={label} className="block h-6 w-14 sm:w-[84px]">
      <title>{label}</title>
      <path
        d={d}
        fill="none"
        stroke={up ? '#047857' : '#dc2626'}
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
