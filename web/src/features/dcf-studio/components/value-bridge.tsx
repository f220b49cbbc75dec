import type { DcfValuation } from '../../../../../core/analysis/dcf/two-stage.ts';
import { formatPerShare, formatUsdCompact } from '../format.ts';

interface Step {
  label: string;
  /** Signed change (or the total itself for totals). */
  value: number;
  total?: boolean;
}

/**
 * From present values to the value per share as a waterfall: each step a bar starting where the last
 * ended (totals start at zero), on one scale. The numbers are in the text of each row.
 */
export function ValueBridge({ valuation: v }: { valuation: DcfValuation }) {
  const steps: Step[] = [
    { label: 'Present value of projected FCF', value: v.presentValueOfYearsUsd },
    { label: 'Present value of the terminal value', value: v.terminal.presentValueUsd },
    { label: 'Enterprise value', value: v.enterpriseValueUsd, total: true },
    { label: 'Less debt', value: -v.bridge.totalDebtUsd },
    { label: 'Plus cash and short-term investments', value: v.bridge.cashUsd },
    { label: 'Less non-controlling interests', value: -v.bridge.nciUsd },
    { label: 'Equity value', value: v.equityValueUsd, total: true },
  ];
  let running = 0;
  const bars = steps.map((s) => {
    const start = s.total ? 0 : running;
    const end = s.total ? s.value : running + s.value;
    running = end;
    return { ...s, start, end };
  });
  const max = Math.max(...bars.map((b) => Math.max(b.start, b.end)), 1);
  const min = Math.min(...bars.map((b) => Math.min(b.start, b.end)), 0);
  const span = max - min;
  const at = (x: number) => ((x - min) / span) * 100;
  return (
    <div data-testid="dcf-studio-bridge">
      <ol className="space-y-2">
        {bars.map((b) => (
          <li key={b.label} className="grid grid-cols-1 gap-1 sm:grid-cols-[14rem_1fr] sm:items-center sm:gap-3">
            <span className={`flex justify-between gap-2 text-sm ${b.total ? 'font-semibold text-fg' : 'text-fg-secondary'}`}>
              <span>{b.label}</span>
              <span className="tabular">{formatUsdCompact(b.total ? b.value : b.value)}</span>
            </span>
            <span className="relative block h-4 rounded bg-surface-subtle" aria-hidden>
              <span
                className={`absolute inset-y-0 rounded ${b.total ? 'bg-inverse' : b.value >= 0 ? 'bg-brand' : 'bg-negative-solid'}`}
                style={{ left: `${at(Math.min(b.start, b.end))}%`, width: `${Math.max(0.5, at(Math.max(b.start, b.end)) - at(Math.min(b.start, b.end)))}%` }}
              />
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-fg-secondary">
        {formatUsdCompact(v.equityValueUsd)} ÷ {(v.sharesDiluted / 1e6).toFixed(0)}M diluted shares ={' '}
        <strong className="text-fg">{formatPerShare(v.perShareUsd)} a share</strong>
      </p>
    </div>
  );
}
