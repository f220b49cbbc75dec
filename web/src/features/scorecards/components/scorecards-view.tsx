import { Check, Minus, X } from 'lucide-react';
import { useState } from 'react';
import type { ScorecardResponse, ScorecardsResponse } from '../../../../../server/features/scorecards/scorecards.routes.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatInputValue, formatMeasure, formatScore, modelLabel, SCORE_BLURBS, SCORE_TITLES } from '../format-scorecard.ts';
import { ScoreTrendChart } from './score-trend-chart.tsx';
import { SectorHistogram } from './sector-histogram.tsx';

const KINDS = ['piotroski', 'altman', 'beneish'] as const;

const VERDICT_STYLES = {
  pass: 'bg-positive-muted text-positive-strong',
  neutral: 'bg-warning-muted text-warning-strong',
  fail: 'bg-negative-muted text-negative-strong',
} as const;
const VERDICT_WORDS = {
  piotroski: { pass: 'Strong', neutral: 'Middling', fail: 'Weak' },
  altman: { pass: 'Safe zone', neutral: 'Grey zone', fail: 'Distress zone' },
  beneish: { pass: 'Unlikely manipulator', neutral: '', fail: 'Likely manipulator' },
} as const;

function Result({ passed }: { passed: boolean | null }) {
  if (passed === true)
    return (
      <span className="inline-flex items-center gap-1 font-medium text-positive">
        <Check className="size-4" aria-hidden /> Pass
      </span>
    );
  if (passed === false)
    return (
      <span className="inline-flex items-center gap-1 font-medium text-negative">
        <X className="size-4" aria-hidden /> Fail
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-fg-muted">
      <Minus className="size-4" aria-hidden /> No test
    </span>
  );
}

type Criterion = ScorecardResponse['criteria'][number];

function CriteriaTable({ card }: { card: ScorecardResponse }) {
  if (card.score === null) return <p className="rounded-lg bg-surface-muted p-3 text-sm text-fg-secondary">Not computed: {card.reason}</p>;
  const weighted = card.kind !== 'piotroski';
  return (
    <DataTable
      columns={[
        { id: 'criterion', header: 'Criterion', rowHeader: true, cellClassName: 'font-medium text-fg', cell: (c: Criterion) => c.label },
        {
          id: 'inputs',
          header: 'Inputs',
          cellClassName: 'text-xs text-fg-secondary',
          cell: (c) => (
            <ul className="space-y-0.5">
              {c.inputs.map((i) => (
                <li key={`${i.key}-${i.fiscal_year}`}>
                  {i.label} FY{i.fiscal_year}: <span className="tabular-nums">{formatInputValue(i.key, i.value)}</span>
                  {i.filed_later && <span className="text-warning"> (filed later, {i.filed_on})</span>}
                </li>
              ))}
            </ul>
          ),
        },
        {
          id: 'value',
          header: weighted ? 'Value × weight' : 'This year / last',
          numeric: true,
          cell: (c) =>
            weighted
              ? `${formatMeasure(card.kind, c.id, c.value)} × ${c.weight} = ${c.contribution?.toFixed(3)}`
              : `${formatMeasure(card.kind, c.id, c.value)}${c.prior !== null ? ` / ${formatMeasure(card.kind, c.id, c.prior)}` : ''}`,
        },
        { id: 'threshold', header: 'Threshold', cellClassName: 'text-xs text-fg-secondary', cell: (c) => c.threshold },
        {
          id: 'result',
          header: 'Result',
          cellClassName: 'text-xs',
          cell: (c) => (
            <>
              <Result passed={c.passed} />
              {c.note && <span className="block text-fg-muted">{c.note}</span>}
            </>
          ),
        },
      ]}
      rows={card.criteria}
      rowKey={(c) => c.id}
      caption={`${SCORE_TITLES[card.kind]}: each criterion with its inputs, threshold and result`}
      scrollLabel={`${SCORE_TITLES[card.kind]} criteria`}
      testId={`criteria-${card.kind}`}
      tableClassName="min-w-[40rem]"
      headClassName="border-b border-border text-xs uppercase tracking-wide text-fg-muted"
      cellClassName="px-2 py-2 first:pl-0 last:pr-0"
      rowClassName="border-b border-border-subtle align-top"
    />
  );
}

function ScoreCard({ data, kind, year }: { data: ScorecardsResponse; kind: (typeof KINDS)[number]; year: number }) {
  const y = data.years.find((x) => x.fiscal_year === year)!;
  const card = y[kind];
  const dist = data.distributions[kind];
  return (
    <Card data-testid={`scorecard-${kind}`}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{SCORE_TITLES[kind]}</CardTitle>
          <div className="flex items-center gap-2">
            <span className="text-2xl font-bold tabular-nums text-fg" data-testid={`score-${kind}`}>
              {formatScore(card)}
            </span>
            {card.verdict && (
              <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', VERDICT_STYLES[card.verdict])}>{VERDICT_WORDS[kind][card.verdict]}</span>
            )}
          </div>
        </div>
        <CardDescription>
          {SCORE_BLURBS[kind]} {modelLabel(card) && `Model: ${modelLabel(card)}. `}Verdict: {card.threshold}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-fg-muted">Five-year trend</h4>
            <ScoreTrendChart years={data.years} kind={kind} selectedYear={year} />
          </div>
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-fg-muted">Sector, latest year</h4>
            {dist ? <SectorHistogram d={dist} symbol={data.symbol} /> : <p className="text-xs text-fg-muted">No sector peers with this score.</p>}
          </div>
        </div>
        <CriteriaTable card={card} />
      </CardContent>
    </Card>
  );
}

/** The three scorecards of one company: a fiscal-year picker, then per score its trend, sector histogram and criteria. */
export function ScorecardsView({ data }: { data: ScorecardsResponse }) {
  const [year, setYear] = useState(data.years.at(-1)!.fiscal_year);
  const selected = data.years.find((y) => y.fiscal_year === year) ?? data.years.at(-1)!;
  return (
    <div className="space-y-6" data-testid="scorecards">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold text-fg">
            {data.name} <span className="text-fg-muted">({data.symbol})</span>
          </h2>
          <p className="text-sm text-fg-muted">
            {data.sector ?? 'No sector'}
            {data.industry ? ` · ${data.industry}` : ''}
          </p>
        </div>
        <fieldset className="flex flex-wrap gap-1">
          <legend className="mb-1 text-xs font-medium text-fg-muted">Fiscal year</legend>
          {data.years.map((y) => (
            <button
              key={y.fiscal_year}
              type="button"
              aria-pressed={y.fiscal_year === selected.fiscal_year}
              onClick={() => setYear(y.fiscal_year)}
              className={cn(
                'rounded-md px-2.5 py-1 text-sm font-medium',
                y.fiscal_year === selected.fiscal_year
                  ? 'bg-inverse text-on-inverse'
                  : 'border border-border-strong bg-surface text-fg-secondary hover:bg-surface-muted',
              )}
            >
              FY{y.fiscal_year}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="text-sm text-fg-secondary">
        FY{selected.fiscal_year} as known on {selected.filed_on}, the day its annual report was filed
        {selected.market_cap
          ? `; market value ${formatInputValue('market_cap', selected.market_cap.usd)} at $${selected.market_cap.price.toFixed(2)} on ${selected.market_cap.price_date}`
          : ''}
        .
        {selected.filed_later_count > 0 &&
          ` ${selected.filed_later_count} figure${selected.filed_later_count > 1 ? 's are' : ' is'} dated by a later filing in the data and marked.`}
      </p>
      {KINDS.map((k) => (
        <ScoreCard key={k} data={data} kind={k} year={selected.fiscal_year} />
      ))}
      <p className="text-xs text-fg-muted">Sector histograms: {data.peers_note}</p>
    </div>
  );
}
