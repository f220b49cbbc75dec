import { useId } from 'react';
import { describePercentile } from '../../../../../core/text/ordinal.ts';
import type { ScoreDistributionResponse } from '../../../../../server/features/scorecards/scorecards.routes.ts';
import { formatCount } from '../../../../../core/text/plural.ts';

type Bin = ScoreDistributionResponse['bins'][number];

/** A bin bound as typeset: a true minus sign, so "−2.5 to −2" never reads as "-2.5--2". */
const formatBound = (v: number) => (v < 0 ? `−${-v}` : String(v));

/** A bin on the axis and in its bar's tooltip: "< −3", "≥ 8", "−2.5 to −2". */
const labelBin = (b: Bin) =>
  b.from === null ? `< ${formatBound(b.to!)}` : b.to === null ? `≥ ${formatBound(b.from)}` : `${formatBound(b.from)} to ${formatBound(b.to)}`;

/** Where the company's score falls, as a sentence: "below −3", "between −2.5 and −2", "3 or more". */
const describeBin = (b: Bin) =>
  b.from === null
    ? `below ${formatBound(b.to!)}`
    : b.to === null
      ? `${formatBound(b.from)} or more`
      : `between ${formatBound(b.from)} and ${formatBound(b.to)}`;

/** The sector's scores as a histogram with the company's bin highlighted and labelled. */
export function SectorHistogram({ d, symbol }: { d: ScoreDistributionResponse; symbol: string }) {
  const titleId = useId();
  const integer = d.key === 'piotroski';
  const bins = integer ? d.bins.map((b, i) => ({ ...b, from: i, to: i + 1 })) : d.bins;
  const max = Math.max(...bins.map((b) => b.count), 1);
  const w = 240;
  const h = 70;
  const gap = 2;
  const barW = (w - gap * (bins.length - 1)) / bins.length;
  const label = (i: number) => (integer ? String(i) : labelBin(d.bins[i]!));
  const where =
    d.company_bin === null
      ? `${symbol} has no score`
      : `${symbol} scores ${integer ? d.company_bin : describeBin(d.bins[d.company_bin]!)}${d.percentile === null ? '' : `, at the ${describePercentile(d.percentile)} of the sector`}`;
  return (
    <figure data-testid={`histogram-${d.key}`}>
      <svg viewBox={`0 0 ${w} ${h + 14}`} className="h-28 w-full" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{`${d.sector}: ${d.peers} companies. ${where}.`}</title>
        {bins.map((b, i) => {
          const bh = b.count > 0 ? Math.max(2, (b.count / max) * (h - 14)) : 0;
          const mine = i === d.company_bin;
          return (
            <g key={label(i)}>
              <rect x={i * (barW + gap)} y={h - bh} width={barW} height={bh} rx="1.5" className={mine ? 'fill-warning-solid' : 'fill-chart-axis'}>
                <title>{`${label(i)}: ${formatCount(b.count, 'company', 'companies')}${mine ? ` (${symbol})` : ''}`}</title>
              </rect>
              {mine && (
                <text x={i * (barW + gap) + barW / 2} y={Math.max(9, h - bh - 3)} textAnchor="middle" className="fill-fg text-[9px] font-semibold">
                  {symbol}
                </text>
              )}
            </g>
          );
        })}
        <line x1="0" x2={w} y1={h} y2={h} className="stroke-chart-volume" />
        <text x="0" y={h + 11} className="fill-fg-muted text-[9px]">
          {label(0)}
        </text>
        <text x={w} y={h + 11} textAnchor="end" className="fill-fg-muted text-[9px]">
          {label(bins.length - 1)}
        </text>
      </svg>
      <figcaption className="text-xs text-fg-muted">
        {d.sector} ({d.peers} companies). {where}.
      </figcaption>
    </figure>
  );
}
