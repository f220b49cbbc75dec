import { Check, Minus, X } from 'lucide-react';
import { useState } from 'react';
import type { ScorecardResponse, ScorecardsResponse } from '../../../../../server/features/scorecards/scorecards.routes.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
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

function CriteriaTable({ card }: { card: ScorecardResponse }) {
  if (card.score === null) return <p className="rounded-lg bg-surface-muted p-3 text-sm text-fg-secondary">Not computed: {card.reason}</p>;
  const weighted = card.kind !== 'piotroski';
  return (
    <ScrollArea label={`${SCORE_TITLES[card.kind]} criteria`}>
      <table className="w-full min-w-[40rem] text-sm" data-testid={`criteria-${card.kind}`}>
        <thead>
          <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-fg-muted">
            <th scope="col" className="py-2 pr-2">
              Criterion
            </th>
            <th scope="col" className="px-2 py-2">
              Inputs
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              {weighted ? 'Value × weight' : 'This year / last'}
            </th>
            <th scope="col" className="px-2 py-2">
              Threshold
            </th>
            <th scope="col" className="py-2 pl-2">
              Result
            </th>
          </tr>
        </thead>
        <tbody>
          {card.criteria.map((c) => (
            <tr key={c.id} className="border-b border-border-subtle align-top">
              <th scope="row" className="py-2 pr-2 text-left font-medium text-fg">
                {c.label}
              </th>
              <td className="px-2 py-2 text-xs text-fg-secondary">
                <ul className="space-y-0.5">
                  {c.inputs.map((i) => (
                    <li key={`${i.key}-${i.fiscal_year}`}>
                      {i.label} FY{i.fiscal_year}: <span className="tabular-nums">{formatInputValue(i.key, i.value)}</span>
                      {i.filed_later && <span className="text-warning"> (filed later, {i.filed_on})</span>}
                    </li>
                  ))}
                </ul>
              </td>
              <td className="px-2 py-2 text-right tabular-nums">
                {weighted
                  ? `${formatMeasure(card.kind, c.id, c.value)} × ${c.weight} = ${c.contribution?.toFixed(3)}`
                  : `${formatMeasure(card.kind, c.id, c.value)}${c.prior !== null ? ` / ${formatMeasure(card.kind, c.id, c.prior)}` : ''}`}
              </td>
              <td className="px-2 py-2 text-xs text-fg-secondary">{c.threshold}</td>
              <td className="py-2 pl-2 text-xs">
                <Result passed={c.passed} />
                {c.note && <span className="block text-fg-muted">{c.note}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
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
