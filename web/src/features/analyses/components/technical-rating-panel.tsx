import { describeVoteInput } from '../../../../../core/analysis/attribution/technical-rating-attribution.ts';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import type { GroupRating, RatingLabel, TechnicalRating } from '../../../../../core/analysis/technical-rating.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { placeGaugeNeedle } from '../rating-gauge-geometry.ts';

const labels: Record<RatingLabel, string> = { strong_sell: 'Strong Sell', sell: 'Sell', neutral: 'Neutral', buy: 'Buy', strong_buy: 'Strong Buy' };
const voteWords = { '-1': 'Sell', '0': 'Neutral', '1': 'Buy' } as const;
const voteTone = { '-1': 'text-negative', '0': 'text-fg-muted', '1': 'text-positive' } as const;

/** The five zones of the gauge by score (the rating's thresholds: ±0.1, ±0.5), left to right. */
const zones: Array<[number, number, string]> = [
  [-1, -0.5, 'var(--color-chart-down)'],
  [-0.5, -0.1, 'color-mix(in srgb, var(--color-chart-down) 60%, var(--color-surface))'],
  [-0.1, 0.1, 'var(--color-chart-volume)'],
  [0.1, 0.5, 'color-mix(in srgb, var(--color-chart-up) 60%, var(--color-surface))'],
  [0.5, 1, 'var(--color-chart-up)'],
];

function Gauge({ score, label }: { score: number; label: RatingLabel }) {
  const [cx, cy, r] = [120, 110, 90];
  const arc = (from: number, to: number) => {
    const a = placeGaugeNeedle(from, r, cx, cy);
    const b = placeGaugeNeedle(to, r, cx, cy);
    return `M ${a.x} ${a.y} A ${r} ${r} 0 0 1 ${b.x} ${b.y}`;
  };
  const needle = placeGaugeNeedle(score, r - 18, cx, cy);
  return (
    <svg
      viewBox="0 0 240 130"
      className="mx-auto w-full max-w-xs"
      role="img"
      aria-label={`Overall rating ${labels[label]}, score ${score.toFixed(2)} on a scale from −1 to 1`}
    >
      {zones.map(([from, to, colour]) => (
        <path key={from} d={arc(from, to)} style={{ stroke: colour }} strokeWidth="18" fill="none" />
      ))}
      <line x1={cx} y1={cy} x2={needle.x} y2={needle.y} className="stroke-fg" strokeWidth="3" strokeLinecap="round" />
      <circle cx={cx} cy={cy} r="6" className="fill-fg" />
      <text x="22" y="128" fontSize="10" className="fill-fg-muted">
        Sell
      </text>
      <text x="218" y="128" fontSize="10" className="fill-fg-muted" textAnchor="end">
        Buy
      </text>
    </svg>
  );
}

const formatInputs = (inputs: Record<string, number>) =>
  Object.entries(inputs)
    .map(([k, v]) => `${describeVoteInput(k)} ${Math.abs(v) >= 1000 ? v.toFixed(0) : v.toFixed(2)}`)
    .join(', ');

/** A row of a group's table: an indicator that voted, or one left out (and why). */
type VoteRow = { kind: 'vote'; vote: GroupRating['votes'][number] } | { kind: 'omitted'; omitted: GroupRating['omitted'][number] };
const voteColumns: DataTableColumn<VoteRow>[] = [
  {
    id: 'indicator',
    header: 'Indicator',
    rowHeader: true,
    cellClassName: (r) => (r.kind === 'vote' ? 'text-fg' : 'text-fg-muted'),
    cellProps: (r) => ({ title: r.kind === 'vote' ? r.vote.rule : undefined }),
    cell: (r) => (r.kind === 'vote' ? r.vote.name : r.omitted.name),
  },
  {
    id: 'reading',
    header: 'Reading',
    cellClassName: 'text-xs text-fg-muted tabular',
    cell: (r) =>
      r.kind === 'vote'
        ? formatInputs(r.vote.inputs)
        : r.omitted.reason === 'too_few_bars'
          ? `Needs ${r.omitted.needed} bars, has ${r.omitted.got}`
          : 'No value on this bar',
  },
  {
    id: 'vote',
    header: 'Vote',
    headerClassName: 'text-right',
    cellClassName: (r) => (r.kind === 'vote' ? `text-right font-medium ${voteTone[r.vote.vote]}` : 'text-right text-fg-muted'),
    cell: (r) => (r.kind === 'vote' ? voteWords[r.vote.vote] : 'Not counted'),
  },
];

function GroupTable({ title, group }: { title: string; group: GroupRating }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-fg">
        {title}: {labels[group.label]}{' '}
        <span className="font-normal text-fg-muted">
          ({group.buy} buy, {group.neutral} neutral, {group.sell} sell)
        </span>
      </h3>
      <DataTable
        columns={voteColumns}
        rows={[...group.votes.map((v): VoteRow => ({ kind: 'vote', vote: v })), ...group.omitted.map((o): VoteRow => ({ kind: 'omitted', omitted: o }))]}
        rowKey={(r) => (r.kind === 'vote' ? r.vote.id : r.omitted.id)}
        caption={`${title}: each indicator's reading and vote`}
        scrollLabel={`${title} votes`}
        className="mt-2"
        tableClassName="min-w-[30rem]"
        cellClassName="py-1.5 pr-3 last:pr-0"
      />
    </div>
  );
}

/** The technical rating as a gauge, with every vote of both groups in a table. */
export function TechnicalRatingPanel({ rating }: { rating: TechnicalRating }) {
  return (
    <Card data-testid="technical-rating">
      <CardHeader>
        <CardTitle>Technical rating: {labels[rating.overall.label]}</CardTitle>
        <CardDescription>
          The mean of two group scores on {rating.date}: moving averages {rating.movingAverages.score.toFixed(2)} and oscillators{' '}
          {rating.oscillators.score.toFixed(2)}, giving {rating.overall.score.toFixed(2)} (−1 to 1; above 0.1 is Buy, above 0.5 Strong Buy).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <Gauge score={rating.overall.score} label={rating.overall.label} />
        <div className="grid gap-6 xl:grid-cols-2">
          <GroupTable title="Moving averages" group={rating.movingAverages} />
          <GroupTable title="Oscillators" group={rating.oscillators} />
        </div>
      </CardContent>
    </Card>
  );
}
