import type { DcfSections } from '../../../../../core/analysis/runs/dcf.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import type { ShownAnalysis } from '../api/run-analysis.ts';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';
import { DcfHeatMap } from './dcf-heat-map.tsx';
import { DcfProjectionTable } from './dcf-projection-table.tsx';
import { MissingFacts } from './missing-facts.tsx';

const pct = (fraction: number) => `${(fraction * 100).toFixed(2)} %`;
const usd = (v: number) => formatFactValue({ value: v, unit: 'usd' });

/** Fair value against the price as two bars on one scale, with the values in text. */
function FairValueVsPrice({ fair, price }: { fair: number; price: number }) {
  const max = Math.max(fair, price) * 1.1;
  const rows: Array<[string, number, string]> = [
    ['Fair value per share', fair, fair >= price ? 'bg-brand' : 'bg-negative-solid'],
    ['Price', price, 'bg-fg-subtle'],
  ];
  return (
    <dl className="space-y-3" data-testid="dcf-fair-value">
      {rows.map(([label, v, colour]) => (
        <div key={label}>
          <dt className="flex justify-between text-sm text-fg-secondary">
            <span>{label}</span>
            <span className="font-semibold text-fg tabular">${v.toFixed(2)}</span>
          </dt>
          <dd className="mt-1 h-3 rounded bg-surface-subtle" aria-hidden>
            <div className={`h-3 rounded ${colour}`} style={{ width: `${(Math.max(v, 0) / max) * 100}%` }} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Figures({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 border-b border-border-subtle pb-1">
          <dt className="text-fg-muted">{label}</dt>
          <dd className="font-medium text-fg tabular">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const VERDICT_TEXT = { undervalued: 'Undervalued', about_fair: 'About fair', overvalued: 'Overvalued' } as const;

/** A method's part of the central value; the last row (no weight) is the blended total. */
type BlendRow = { key: string; label: string; weight: number | null; perShareUsd: number };
const blendColumns: DataTableColumn<BlendRow>[] = [
  { id: 'method', header: 'Method', cell: (r) => r.label },
  { id: 'weight', header: 'Weight', numeric: true, cell: (r) => (r.weight === null ? null : `${Math.round(r.weight * 100)} %`) },
  { id: 'per-share', header: 'Per share', numeric: true, cell: (r) => `$${r.perShareUsd.toFixed(2)}` },
];

/** The bear–bull range as a band on one scale with the price and the central value marked, then each method with its weight. */
function RangeAndBlend({ v, price }: { v: NonNullable<DcfSections['valuation']>; price: number }) {
  const max = Math.max(v.range.bull, price) * 1.1;
  const at = (x: number) => `${(Math.max(0, x) / max) * 100}%`;
  return (
    <div className="space-y-4" data-testid="dcf-range">
      <p className="text-sm text-fg-secondary">
        <span className="font-semibold text-fg">{VERDICT_TEXT[v.verdict]}</span>: the price of ${price.toFixed(2)} is{' '}
        {v.verdict === 'undervalued'
          ? `below the bear case of $${v.range.bear.toFixed(2)}; the range runs to $${v.range.bull.toFixed(2)}.`
          : v.verdict === 'overvalued'
            ? `above the bull case of $${v.range.bull.toFixed(2)}; the range starts at $${v.range.bear.toFixed(2)}.`
            : `within the range of $${v.range.bear.toFixed(2)} to $${v.range.bull.toFixed(2)}.`}
      </p>
      <div className="relative h-6 rounded bg-surface-subtle" aria-hidden>
        <div
          className="absolute top-0 h-6 rounded bg-info-muted"
          style={{ left: at(v.range.bear), width: `calc(${at(v.range.bull)} - ${at(v.range.bear)})` }}
        />
        <div className="absolute top-0 h-6 w-0.5 bg-info" style={{ left: at(v.range.base) }} />
        <div className="absolute -top-1 h-8 w-1 rounded bg-inverse" style={{ left: at(price) }} />
      </div>
      <p className="text-xs text-fg-muted">Shaded: bear to bull case; thin line: central value; dark bar: price.</p>
      <DataTable
        columns={blendColumns}
        rows={[
          ...v.blend.parts.map((p): BlendRow => ({ key: p.method, label: p.label, weight: p.weight, perShareUsd: p.perShareUsd })),
          { key: 'central', label: 'Central value', weight: null, perShareUsd: v.blend.per_share },
        ]}
        rowKey={(r) => r.key}
        caption="How the central value is blended"
        scroll={false}
        headClassName="text-fg-muted"
        cellClassName="py-1"
        rowClassName={(r) => (r.key === 'central' ? 'border-t border-border-strong font-semibold' : 'border-t border-border-subtle')}
      />
    </div>
  );
}

/** A DCF analysis: fair value against the price, the assumptions, the terminal-value warning, the projection and the grid as a heat map. */
export function DcfView({ analysis }: { analysis: ShownAnalysis }) {
  const s = analysis.sections as unknown as DcfSections;
  const a = s.assumptions;
  const upside = s.price > 0 ? (s.fair_value_per_share / s.price - 1) * 100 : null;
  return (
    <>
      {(s.sanity ?? []).map((f) => (
        <Alert key={f.code} tone="warning" title={f.title}>
          {f.message}
        </Alert>
      ))}
      {s.warnings.map((w) => (
        <Alert key={w.code} tone="warning" title={w.code === 'terminal_value_dominates' ? 'Most of the value sits in the terminal value' : 'Negative equity'}>
          {w.message}
        </Alert>
      ))}
      <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>Fair value against the price</CardTitle>
            {upside !== null && (
              <CardDescription>
                {formatFactValue({ value: Math.abs(upside), unit: 'percent' })} {upside >= 0 ? 'above' : 'below'} the price of{' '}
                {formatFactValue({ value: s.price, unit: 'usd_per_share' })}.
              </CardDescription>
            )}
          </CardHeader>
          <CardContent>
            <FairValueVsPrice fair={s.fair_value_per_share} price={s.price} />
            {s.reverse && (
              <p className="mt-4 text-sm text-fg-secondary">
                {s.reverse.status === 'solved'
                  ? `The price implies ${pct(s.reverse.impliedGrowth)} a year of growth over the explicit years (reverse DCF).`
                  : `No growth between ${pct(s.reverse.bracket.low)} and ${pct(s.reverse.bracket.high)} reaches the price (reverse DCF).`}
              </p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Assumptions</CardTitle>
          </CardHeader>
          <CardContent>
            <Figures
              rows={[
                // Justified price-to-book has no projection: book value grows at terminal growth.
                ...(s.valuation?.model === 'justified_pb'
                  ? []
                  : ([
                      [
                        'Growth, explicit years',
                        `${pct(a.explicit_growth)}${a.growth_clamped ? ' (clamped)' : ''}${a.growth_history ? `, the median year of ${a.growth_history.years}y of ${a.growth_history.line === 'free_cash_flow' ? 'FCF' : a.growth_history.line === 'revenue_per_share' ? 'revenue per share' : 'revenue'} (CAGR ${pct(a.growth_history.cagr)})` : s.valuation?.model === 'ddm' ? ', from the dividend record' : ''}`,
                      ],
                      ['Years', `${a.explicit_years} explicit + ${a.fade_years} fading`],
                    ] as Array<[string, string]>)),
                [s.valuation?.model === 'justified_pb' ? 'Long-run growth' : 'Terminal growth', pct(a.terminal_growth)],
                ['Beta', `${a.beta.toFixed(2)} (${a.beta_description})`],
                ['Risk-free rate', `${pct(a.risk_free_rate.value)} (${a.risk_free_rate.as_of})`],
                ['Equity risk premium', pct(a.equity_risk_premium.value)],
                ['Cost of equity', pct(s.wacc.costOfEquity)],
                ...(s.wacc.debtWeight > 0 || !s.valuation || s.valuation.model === 'fcff'
                  ? ([
                      [
                        'Cost of debt before tax',
                        `${pct(s.wacc.costOfDebt.rate)}${s.wacc.costOfDebt.rating ? ` (synthetic rating ${s.wacc.costOfDebt.rating.rating})` : ''}`,
                      ],
                      ['Cost of debt after tax', pct(s.wacc.costOfDebtAfterTax)],
                      ['Weights equity / debt', `${pct(s.wacc.equityWeight)} / ${pct(s.wacc.debtWeight)}`],
                      ['WACC', pct(s.wacc.wacc)],
                    ] as Array<[string, string]>)
                  : [['Discount rate', `${pct(s.wacc.wacc)} (cost of equity: an equity model)`] as [string, string]]),
              ]}
            />
          </CardContent>
        </Card>
      </div>
      {s.valuation && (
        <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
          <Card>
            <CardHeader>
              <CardTitle>Range and blended value</CardTitle>
              <CardDescription>The verdict reads the range, not one point.</CardDescription>
            </CardHeader>
            <CardContent>
              <RangeAndBlend v={s.valuation} price={s.price} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Model: {s.valuation.model_label}</CardTitle>
              <CardDescription>Chosen because {s.valuation.model_reason}.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-2 text-sm text-fg-secondary">
              {s.valuation.base && <p>Base cash flow: {s.valuation.base.reason}.</p>}
              {s.valuation.justified && (
                <p>
                  Justified price-to-book = (ROE {pct(s.valuation.justified.roe)} − growth {pct(s.valuation.justified.growth)}) ÷ (cost of equity{' '}
                  {pct(s.valuation.justified.costOfEquity)} − growth) = {s.valuation.justified.priceToBook.toFixed(2)}×, on a book value of $
                  {s.valuation.justified.bookValuePerShare.toFixed(2)} a share.
                </p>
              )}
              {s.valuation.affo && (
                <p>
                  AFFO {usd(s.valuation.affo.affoUsd)} = FFO {usd(s.valuation.affo.ffoUsd)} − recurring capex {usd(s.valuation.affo.maintenanceCapexUsd)}.
                </p>
              )}
              {s.valuation.relative.length > 0 && (
                <p>
                  Sector multiples:{' '}
                  {s.valuation.relative
                    .map(
                      (m) =>
                        `${m.multiple === 'pe' ? 'P/E' : m.multiple === 'pb' ? 'P/B' : 'EV/EBITDA'} ${m.sectorMedian.toFixed(1)}× (${m.peers} peers) gives $${m.perShare.median.toFixed(2)}`,
                    )
                    .join('; ')}
                  .
                </p>
              )}
              {s.valuation.ddm && <p>Dividends discounted at the cost of equity give ${s.valuation.ddm.perShareUsd.toFixed(2)} a share.</p>}
            </CardContent>
          </Card>
        </div>
      )}
      {s.terminal && s.bridge && (
        <Card>
          <CardHeader>
            <CardTitle>From free cash flow to value per share</CardTitle>
            <CardDescription>Each year's free cash flow discounted at the WACC, then the terminal value, then debt and cash.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <DcfProjectionTable years={s.years} />
            <Figures
              rows={[
                ['Terminal value', usd(s.terminal.value_usd)],
                ['Terminal value, present', usd(s.terminal.present_value_usd)],
                ['Terminal share of enterprise value', formatFactValue({ value: s.terminal.share_of_enterprise_value * 100, unit: 'percent' })],
                ['Enterprise value', usd(s.bridge.enterprise_value_usd)],
                ['− Total debt', usd(s.bridge.total_debt_usd)],
                ['+ Cash', usd(s.bridge.cash_usd)],
                ['− Non-controlling interests', usd(s.bridge.nci_usd)],
                ['= Equity value', usd(s.bridge.equity_value_usd)],
                ['÷ Diluted shares', formatFactValue({ value: s.bridge.shares_diluted, unit: 'shares' })],
                ['= Value per share from the model', `$${(s.valuation?.model_value_per_share ?? s.fair_value_per_share).toFixed(2)}`],
              ]}
            />
            {s.assumed_zero.length > 0 && <p className="text-xs text-fg-muted">Taken as 0 because not reported: {s.assumed_zero.join(', ')}.</p>}
          </CardContent>
        </Card>
      )}
      {s.grid && <DcfHeatMap grid={s.grid} priceUsd={s.price} base={{ discountRate: s.wacc.wacc, terminalGrowth: a.terminal_growth }} />}
      <MissingFacts missing={s.missing} />
    </>
  );
}
