import type { DcfSections } from '../../../../../core/analysis/runs/dcf.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
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
    ['Fair value per share', fair, fair >= price ? 'bg-emerald-600' : 'bg-red-600'],
    ['Price', price, 'bg-slate-500'],
  ];
  return (
    <dl className="space-y-3" data-testid="dcf-fair-value">
      {rows.map(([label, v, colour]) => (
        <div key={label}>
          <dt className="flex justify-between text-sm text-slate-700">
            <span>{label}</span>
            <span className="font-semibold text-ink tabular">${v.toFixed(2)}</span>
          </dt>
          <dd className="mt-1 h-3 rounded bg-slate-100" aria-hidden>
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
        <div key={label} className="flex justify-between gap-3 border-b border-slate-100 pb-1">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-ink tabular">{value}</dd>
        </div>
      ))}
    </dl>
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
            <p className="mt-4 text-sm text-slate-700">
              {s.reverse.status === 'solved'
                ? `The price implies ${pct(s.reverse.impliedGrowth)} a year of growth over the explicit years (reverse DCF).`
                : `No growth between ${pct(s.reverse.bracket.low)} and ${pct(s.reverse.bracket.high)} reaches the price (reverse DCF).`}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Assumptions</CardTitle>
          </CardHeader>
          <CardContent>
            <Figures
              rows={[
                [
                  'Growth, explicit years',
                  `${pct(a.explicit_growth)}${a.growth_clamped ? ' (clamped)' : ''}${a.growth_history ? `, from ${a.growth_history.years}y ${a.growth_history.line === 'free_cash_flow' ? 'FCF' : 'revenue'} CAGR ${pct(a.growth_history.cagr)}` : ''}`,
                ],
                ['Years', `${a.explicit_years} explicit + ${a.fade_years} fading`],
                ['Terminal growth', pct(a.terminal_growth)],
                [
                  'Beta',
                  `${a.beta.toFixed(2)} (${a.beta_basis === 'spy_1y_adjusted' ? 'adjusted, 1y vs SPY' : a.beta_basis === 'user_input' ? 'your input' : 'market default'})`,
                ],
                ['Risk-free rate', `${pct(a.risk_free_rate.value)} (${a.risk_free_rate.as_of})`],
                ['Equity risk premium', pct(a.equity_risk_premium.value)],
                ['Cost of equity', pct(s.wacc.costOfEquity)],
                ['Cost of debt after tax', pct(s.wacc.costOfDebtAfterTax)],
                ['Weights equity / debt', `${pct(s.wacc.equityWeight)} / ${pct(s.wacc.debtWeight)}`],
                ['WACC', pct(s.wacc.wacc)],
              ]}
            />
          </CardContent>
        </Card>
      </div>
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
              ['= Fair value per share', `$${s.fair_value_per_share.toFixed(2)}`],
            ]}
          />
          {s.assumed_zero.length > 0 && <p className="text-xs text-slate-600">Taken as 0 because not reported: {s.assumed_zero.join(', ')}.</p>}
        </CardContent>
      </Card>
      <DcfHeatMap grid={s.grid} priceUsd={s.price} base={{ discountRate: s.wacc.wacc, terminalGrowth: a.terminal_growth }} />
      <MissingFacts missing={s.missing} />
    </>
  );
}
