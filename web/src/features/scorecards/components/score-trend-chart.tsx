import { useId } from 'react';
import type { ScorecardYearResponse } from '../../../../../server/features/scorecards/scorecards.routes.ts';
import { formatScore, SCORE_TITLES, verdictLines } from '../format-scorecard.ts';

type Kind = 'piotroski' | 'altman' | 'beneish';

/** The score over the five fiscal years as a small line with its verdict thresholds dashed. */
export function ScoreTrendChart({ years, kind, selectedYear }: { years: ScorecardYearResponse[]; kind: Kind; selectedYear: number }) {
  const titleId = useId();
  const points = years.map((y) => ({ year: y.fiscal_year, score: y[kind].score }));
  const scored = points.filter((p) => p.score !== null) as Array<{ year: number; score: number }>;
  const card = years.at(-1)![kind];
  if (scored.length === 0) return <p className="text-xs text-fg-muted">No year could be scored.</p>;
  const lines = verdictLines(card);
  const values = [...scored.map((p) => p.score), ...lines];
  const lo = kind === 'piotroski' ? 0 : Math.min(...values);
  const hi = kind === 'piotroski' ? 9 : Math.max(...values);
  const pad = (hi - lo) * 0.1 || 1;
  const w = 240;
  const h = 80;
  const x = (i: number) => 16 + (i * (w - 32)) / Math.max(1, points.length - 1);
  const y = (v: number) => h - 8 - ((v - (lo - pad)) / (hi - lo + 2 * pad)) * (h - 16);
  const path = points
    .map((p, i) => (p.score === null ? null : `${x(i)},${y(p.score)}`))
    .filter(Boolean)
    .join(' ');
  const summary = scored.map((p) => `FY${p.year} ${formatScore({ kind, score: p.score, model: card.model })}`).join(', ');
  return (
    <svg viewBox={`0 0 ${w} ${h + 14}`} className="h-28 w-full" role="img" aria-labelledby={titleId} data-testid={`trend-${kind}`}>
      <title id={titleId}>{`${SCORE_TITLES[kind]} by fiscal year: ${summary}.`}</title>
      {lines.map((l) => (
        <line key={l} x1="8" x2={w - 8} y1={y(l)} y2={y(l)} className="stroke-chart-volume" strokeDasharray="3 3" strokeWidth="1" />
      ))}
      <polyline points={path} fill="none" className="stroke-brand" strokeWidth="2" />
      {points.map((p, i) =>
        p.score === null ? null : (
          <circle key={p.year} cx={x(i)} cy={y(p.score)} r={p.year === selectedYear ? 4.5 : 3} className={p.year === selectedYear ? 'fill-fg' : 'fill-brand'} />
        ),
      )}
      {points.map((p, i) => (
        <text key={p.year} x={x(i)} y={h + 10} textAnchor="middle" className="fill-fg-muted text-[9px]">
          {`FY${String(p.year).slice(2)}`}
        </text>
      ))}
    </svg>
  );
}
