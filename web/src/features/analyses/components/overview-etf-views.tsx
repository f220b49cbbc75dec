import type { EtfSections } from '../../../../../core/analysis/runs/etf.ts';
import type { OverviewSections } from '../../../../../core/analysis/runs/overview.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatUsd } from '../../../lib/format.ts';
import type { ShownAnalysis } from '../api/run-analysis.ts';
import { GradesPanel } from './company-sections.tsx';
import { MissingFacts } from './missing-facts.tsx';

const signed = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)} %`;

/** The quick overview: momentum, the technical rating in words, the five grades. */
export function OverviewView({ analysis }: { analysis: ShownAnalysis }) {
  const s = analysis.sections as unknown as OverviewSections;
  const labelOf = (key: string) => analysis.facts.find((f) => f.key === key)?.label ?? key;
  return (
    <>
      <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>Price momentum</CardTitle>
            <CardDescription>Changes between month-end closes.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-3 gap-3">
              {Object.entries(s.performance).map(([key, v]) => (
                <div key={key}>
                  <dt className="text-xs text-fg-muted">{labelOf(key)}</dt>
                  <dd className={`text-lg font-semibold tabular ${v === null ? 'text-fg-muted' : v >= 0 ? 'text-positive' : 'text-negative'}`}>
                    {v === null ? '—' : signed(v)}
                  </dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        {s.rating && (
          <Card>
            <CardHeader>
              <CardTitle>Technical rating: {s.rating.overall}</CardTitle>
              <CardDescription>Score {s.rating.score.toFixed(2)} from −1 to 1; the technical analysis shows every vote.</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-xs text-fg-muted">Moving averages</dt>
                  <dd className="font-semibold text-fg">{s.rating.moving_averages}</dd>
                </div>
                <div>
                  <dt className="text-xs text-fg-muted">Oscillators</dt>
                  <dd className="font-semibold text-fg">{s.rating.oscillators}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        )}
      </div>
      <GradesPanel grades={s.grades} sector={null} />
      <MissingFacts missing={s.missing} />
    </>
  );
}

/** ETF analysis: concentration, costs, yield, the largest holdings and the sector mix. */
export function EtfView({ analysis }: { analysis: ShownAnalysis }) {
  const s = analysis.sections as unknown as EtfSections;
  const c = s.concentration;
  return (
    <>
      <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
        {c && (
          <Card>
            <CardHeader>
              <CardTitle>Concentration</CardTitle>
              <CardDescription>How much rides on the largest positions{s.holdings_as_of ? `, holdings as of ${s.holdings_as_of}` : ''}.</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-xs text-fg-muted">Holdings</dt>
                  <dd className="text-lg font-semibold tabular">{c.holding_count.toLocaleString('en-US')}</dd>
                </div>
                <div>
                  <dt className="text-xs text-fg-muted">Top 10 weight</dt>
                  <dd className="text-lg font-semibold tabular">{c.top10_weight_pct.toFixed(2)} %</dd>
                </div>
                <div>
                  <dt className="text-xs text-fg-muted">Effective number of holdings (1 / HHI)</dt>
                  <dd className="text-lg font-semibold tabular">{c.effective_holdings.toFixed(1)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-fg-muted">Herfindahl index</dt>
                  <dd className="text-lg font-semibold tabular">{c.hhi.toFixed(4)}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        )}
        {(s.costs || s.dividend_yield) && (
          <Card>
            <CardHeader>
              <CardTitle>Costs and yield</CardTitle>
            </CardHeader>
            <CardContent className="space-y-2 text-sm text-fg-secondary">
              {s.costs && (
                <p>
                  An expense ratio of <strong className="text-fg">{s.costs.expense_ratio_pct.toFixed(2)} %</strong> costs{' '}
                  <strong className="text-fg">{formatUsd(s.costs.costCents)}</strong> on {formatUsd(s.costs.principalCents)} over {s.costs.years} years at{' '}
                  {(s.costs.grossReturn * 100).toFixed(0)} % a year before fees ({formatUsd(s.costs.valueWithFeeCents)} instead of{' '}
                  {formatUsd(s.costs.valueWithoutFeeCents)}).
                </p>
              )}
              {s.dividend_yield && (
                <p>
                  Dividend yield <strong className="text-fg">{s.dividend_yield.yield_pct.toFixed(2)} %</strong>
                  {s.dividend_yield.basis === 'trailing_12m_dividends'
                    ? ` from the dividends paid in the last 12 months${s.dividend_yield.events !== null ? ` (${s.dividend_yield.events} payments)` : ''}.`
                    : ', as reported by the fund.'}
                </p>
              )}
            </CardContent>
          </Card>
        )}
      </div>
      {s.sector_weights.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Sector weights</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1.5 text-sm">
              {s.sector_weights.map((w) => (
                <li key={w.sector} className="grid grid-cols-[13rem_1fr_4rem] items-center gap-2 max-sm:grid-cols-[7.5rem_1fr_3.5rem]">
                  <span className="truncate text-fg-secondary">{w.sector}</span>
                  <span className="h-2.5 rounded bg-surface-subtle" aria-hidden>
                    <span className="block h-2.5 rounded bg-brand" style={{ width: `${Math.min(100, w.weight_pct)}%` }} />
                  </span>
                  <span className="text-right tabular">{w.weight_pct.toFixed(1)} %</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <MissingFacts missing={s.missing} />
    </>
  );
}
