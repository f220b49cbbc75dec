import { formatSignedPercent } from '../format-watch.ts';

/** A small trend line of closes (oldest first), green when the last close is above the first; read out as words. */
export function Sparkline({ values, period, width = 96, height = 28 }: { values: number[]; period: 'day' | 'month' | null; width?: number; height?: number }) {
  if (values.length < 2) return <span className="text-xs text-slate-500">No trend</span>;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = width / (values.length - 1);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`).join(' ');
  const first = values[0]!;
  const last = values.at(-1)!;
  const change = ((last - first) / first) * 100;
  const up = last >= first;
  const label = `${period === 'month' ? `${values.length} month-ends` : '3-month'} trend: ${formatSignedPercent(change)}`;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="block">
      <title>{label}</title>
      <polyline points={points} fill="none" stroke={up ? '#047857' : '#b91c1c'} strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
