import type { ReactNode } from 'react';
import type { DcfValuation } from '../../../../../core/analysis/dcf/two-stage.ts';
import { formatUsdCompact } from '../format.ts';

// A narrow canvas: on a phone the SVG scales down about 1.4×, so its labels stay readable.
const W = 480;
const H = 200;
const PAD = { top: 10, right: 6, bottom: 26, left: 6 };

/**
 * Projected free cash flow per year (light bar) and what it is worth today (dark bar inside it):
 * the gap is the discounting. Fade years are hatched lighter. The same figures are in `table` (the page passes
 * the analyses' year-by-year table), folded below.
 */
export function FcfChart({ valuation, table }: { valuation: DcfValuation; table?: ReactNode }) {
  const years = valuation.years;
  const max = Math.max(...years.map((y) => y.fcfUsd), 0) || 1;
  const band = (W - PAD.left - PAD.right) / years.length;
  const bar = Math.max(4, band * 0.7);
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - Math.max(v, 0) / max);
  const last = years.at(-1);
  const summary = last
    ? `Free cash flow grows from ${formatUsdCompact(years[0]!.fcfUsd)} in year 1 to ${formatUsdCompact(last.fcfUsd)} in year ${last.year}; discounted, year ${last.year} is worth ${formatUsdCompact(last.presentValueUsd)} today.`
    : 'No projected years.';
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={summary} data-testid="dcf-studio-fcf-chart">
        {years.map((yr, i) => {
          const x = PAD.left + i * band + (band - bar) / 2;
          const fade = yr.stage === 'fade';
          return (
            <g key={yr.year}>
              <rect
                x={x}
                y={y(yr.fcfUsd)}
                width={bar}
                height={H - PAD.bottom - y(yr.fcfUsd)}
                rx={2}
                className={fade ? 'fill-surface-strong' : 'fill-chart-bar-soft'}
              />
              <rect
                x={x + bar * 0.2}
                y={y(yr.presentValueUsd)}
                width={bar * 0.6}
                height={H - PAD.bottom - y(yr.presentValueUsd)}
                rx={2}
                className={fade ? 'fill-fg-muted' : 'fill-series-1'}
              />
              <text x={x + bar / 2} y={H - 9} textAnchor="middle" fontSize="13" className="fill-fg-secondary">
                {yr.year}
              </text>
            </g>
          );
        })}
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="stroke-chart-axis" />
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-secondary">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-chart-bar-soft" aria-hidden /> Projected FCF, explicit years
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-series-1" aria-hidden /> Its present value
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-surface-strong ring-1 ring-border-strong" aria-hidden /> Fade years
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-fg-muted" aria-hidden /> Their present value
        </span>
      </figcaption>
      {table && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-brand-fg">Year-by-year table</summary>
          <div className="mt-2">{table}</div>
        </details>
      )}
    </figure>
  );
}
