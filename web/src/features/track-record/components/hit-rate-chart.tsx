import type { TrackRecordGroupResponse } from '../../../../../server/features/track-record/track-record.routes.ts';
import { formatCount, formatPoints, formatRate } from '../format-track-record.ts';

export type RunSource = 'backtest' | 'live';

/**
 * One bar per call (e.g. "Technical rating — Buy or Strong Buy"): the hit rate at one horizon as the bar,
 * its 95 % interval as a whisker, a tick at 50 %. Each row's figures are text beside the bar, so the list
 * reads the same without the picture.
 */
export function HitRateChart({ groups, months, source }: { groups: TrackRecordGroupResponse[]; months: number; source: RunSource }) {
  return (
    <div>
      <div className="mb-2 hidden text-xs text-fg-muted md:grid md:grid-cols-[15rem_minmax(0,1fr)_13rem] md:gap-4" aria-hidden="true">
        <span />
        <span className="flex justify-between">
          <span>0 %</span>
          <span>50 %</span>
          <span>100 %</span>
        </span>
      </div>
      <ul className="space-y-4" data-testid="hit-rate-chart">
        {groups.map((g) => {
          const h = g[source].horizons.find((x) => x.months === months)!;
          const [rule, claim] = g.call_label.split(': ');
          return (
            <li
              key={`${g.verdict}-${g.side}`}
              className="grid gap-1.5 md:grid-cols-[15rem_minmax(0,1fr)_13rem] md:items-center md:gap-4"
              data-testid="hit-rate-row"
            >
              <p className="text-sm">
                <span className="font-medium text-fg">{g.verdict_label}</span>
                <span className="block text-fg-muted">
                  {rule}
                  {claim ? ` — ${claim}` : ''}
                </span>
              </p>
              <div className="relative h-7 rounded bg-surface-subtle" aria-hidden="true">
                {h.hit_rate_percent !== null && <div className="absolute inset-y-0 left-0 rounded-l bg-brand" style={{ width: `${h.hit_rate_percent}%` }} />}
                {h.ci_low_percent !== null && h.ci_high_percent !== null && (
                  <div
                    className="absolute top-1/2 h-3 -translate-y-1/2 border-x-2 border-fg"
                    style={{ left: `${h.ci_low_percent}%`, width: `max(2px, ${h.ci_high_percent - h.ci_low_percent}%)` }}
                  >
                    <div className="absolute inset-x-0 top-1/2 h-0.5 -translate-y-1/2 bg-inverse" />
                  </div>
                )}
                <div className="absolute inset-y-0 left-1/2 border-l border-dashed border-border-strong" />
              </div>
              <p className="text-sm tabular-nums text-fg-secondary">
                {h.n === 0 ? (
                  <span>No matured calls yet</span>
                ) : (
                  <>
                    <span className="font-semibold text-fg" data-testid="hit-rate">
                      {formatRate(h.hit_rate_percent)}
                    </span>{' '}
                    held, n = <span data-testid="hit-rate-n">{formatCount(h.n)}</span>
                    <span className="block text-xs text-fg-muted">
                      95 % CI {formatRate(h.ci_low_percent)}–{formatRate(h.ci_high_percent)} · vs SPY {formatPoints(h.mean_excess_percent)}
                    </span>
                  </>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
