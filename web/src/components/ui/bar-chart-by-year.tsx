import { formatFactValue } from '../../../../core/facts/format-fact.ts';

type Unit = Parameters<typeof formatFactValue>[0]['unit'];

export interface YearBar {
  /** The column's name, e.g. "FY2025". */
  period: string;
  value: number;
}

const W = 320;
const H = 120;
const PAD = { top: 16, bottom: 18 };

/**
 * A figure by fiscal year as small bars, each labelled with its value as the page writes it (a negative year hangs
 * below the zero line in another colour). The picture is an image whose name reads every value, and it takes the
 * keyboard's focus, so the figures reach a screen-reader or keyboard user as they reach a sighted one; the tables
 * beside these charts hold the same numbers.
 */
export function BarChartByYear({ label, unit, points, testId }: { label: string; unit: Unit; points: readonly YearBar[]; testId?: string }) {
  const values = points.map((p) => p.value);
  const top = Math.max(...values, 0);
  const bottom = Math.min(...values, 0);
  const span = top - bottom || 1;
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * ((top - v) / span);
  const band = W / Math.max(1, points.length);
  const bar = Math.max(6, band * 0.6);
  const show = (value: number) => formatFactValue({ value, unit });
  const summary = `${label} by fiscal year: ${points.map((p) => `${p.period} ${show(p.value)}`).join(', ')}.`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full max-w-sm rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      role="img"
      aria-label={summary}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is reachable by keyboard so its values (its name) can be read there
      tabIndex={0}
      data-testid={testId}
    >
      <line x1={0} x2={W} y1={y(0)} y2={y(0)} className="stroke-chart-volume" strokeWidth={1} />
      {points.map((p, i) => {
        const x = i * band + (band - bar) / 2;
        const y0 = y(Math.max(p.value, 0));
        const h = Math.max(1, Math.abs(y(p.value) - y(0)));
        return (
          <g key={p.period}>
            <rect x={x} y={y0} width={bar} height={h} rx={2} className={p.value < 0 ? 'fill-chart-down' : 'fill-brand'} />
            <text
              x={x + bar / 2}
              y={p.value < 0 ? Math.min(H - PAD.bottom + 10, y0 + h + 10) : Math.max(10, y0 - 3)}
              textAnchor="middle"
              className="fill-fg-muted text-[9px]"
            >
              {show(p.value)}
            </text>
            <text x={x + bar / 2} y={H - 4} textAnchor="middle" className="fill-fg-muted text-[9px]">
              {p.period}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
