import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatTokens } from '../../../lib/format.ts';
import { useTokenUsage } from '../api/get-token-usage.ts';
import { formatCount } from '../../../../../core/text/plural.ts';

const shortDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Tokens spent per day over 30 days as plain SVG bars (no chart library in the dashboard chunk). */
export function UsageChart({ userId, days = 30 }: { userId: string | null; days?: number }) {
  const usage = useTokenUsage(userId, days);
  const titleId = useId();
  if (usage.isPending) return <div className="h-40 animate-pulse rounded-lg bg-surface-subtle" role="status" aria-busy="true" aria-label="Loading usage" />;
  if (usage.isError) return <Alert tone="error">Could not load your usage. {usage.error.message}</Alert>;
  const data = usage.data.days;
  const max = Math.max(...data.map((d) => d.used), 0);
  if (max === 0)
    return (
      <div
        className="flex h-40 flex-col items-center justify-center rounded-lg border border-dashed border-border text-center text-sm text-fg-subtle"
        data-testid="usage-chart-empty"
      >
        <p>No tokens spent in the last {days} days.</p>
        <p className="mt-1">Run an analysis and your daily usage shows up here.</p>
      </div>
    );
  const w = 300;
  const h = 120;
  const gap = 2;
  const barW = (w - gap * (data.length - 1)) / data.length;
  const busiest = data.reduce((a, b) => (b.used > a.used ? b : a));
  return (
    <figure data-testid="usage-chart">
      <svg viewBox={`0 0 ${w} ${h + 16}`} className="h-44 w-full" role="img" aria-labelledby={titleId} preserveAspectRatio="none">
        <title id={titleId}>
          {`Tokens used per day, last ${days} days: ${formatTokens(usage.data.total_used)} in total, most on ${shortDate(busiest.date)} (${formatTokens(busiest.used)}).`}
        </title>
        <line x1="0" x2={w} y1={h} y2={h} className="stroke-border" strokeWidth="1" />
        {data.map((d, i) => {
          const bh = d.used > 0 ? Math.max(2, (d.used / max) * (h - 4)) : 0;
          return (
            <rect key={d.date} x={i * (barW + gap)} y={h - bh} width={barW} height={bh} rx="1.5" className="fill-brand">
              <title>{`${shortDate(d.date)}: ${formatTokens(d.used)} tokens, ${formatCount(d.count, 'charge')}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-fg-subtle">
        <span>{shortDate(data[0]!.date)}</span>
        <span className="font-medium text-fg-secondary">
          {formatTokens(usage.data.total_used)} tokens in {days} days
        </span>
        <span>{shortDate(data.at(-1)!.date)}</span>
      </figcaption>
    </figure>
  );
}
