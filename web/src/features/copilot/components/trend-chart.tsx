import { formatFactValue } from '../../../../../core/facts/format-fact.ts';
import type { CopilotAnswer } from '../api/ask-copilot.ts';

type Chart = NonNullable<CopilotAnswer['chart']>;

const W = 320;
const H = 120;
const PAD = { top: 16, bottom: 18 };

/**
 * A trend answer's figure by fiscal year as small bars (a negative year hangs below the zero line). Every bar is
 * a figure the answer cites, labelled as the footnotes write it; the text says the same for a screen reader.
 */
export function TrendChart({ chart }: { chart: Chart }) {
  const values = chart.points.map((p) => p.value);
  const top = Math.max(...values, 0);
  const bottom = Math.min(...values, 0);
  const span = top - bottom || 1;
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * ((top - v) / span);
  const band = W / chart.points.length;
  const bar = Math.max(6, band * 0.6);
  const show = (value: number) => formatFactValue({ value, unit: chart.unit });
  const summary = `${chart.label} by fiscal year: ${chart.points.map((p) => `${p.period} ${show(p.value)}`).join(', ')}.`;
  return (
    <figure className="mt-3">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-sm" role="img" aria-label={summary} data-testid="copilot-trend-chart">
        {chart.points.map((p, i) => {
          const x = i * band + (band - bar) / 2;
          const y0 = y(Math.max(p.value, 0));
          const h = Math.max(1, Math.abs(y(p.value) - y(0)));
          return (
            <g key={p.period}>
              <rect x={x} y={y0} width={bar} height={h} rx={2} className={p.value < 0 ? 'fill-rose-400' : 'fill-brand-600'} />
              <text x={x + bar / 2} y={Math.max(10, y0 - 3)} textAnchor="middle" className="fill-slate-600 text-[9px]">
                {show(p.value)}
              </text>
              <text x={x + bar / 2} y={H - 4} textAnchor="middle" className="fill-slate-600 text-[9px]">
                {p.period}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-slate-600">{chart.label} by fiscal year (the figures cited above)</figcaption>
    </figure>
  );
}
