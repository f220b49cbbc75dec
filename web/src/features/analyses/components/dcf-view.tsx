import type { Fact } from '../../../../../core/analysis/analysis-types.ts';
import type { DcfGrid } from '../../../../../core/analysis/dcf/grid.ts';
import type { DcfValuation } from '../../../../../core/analysis/dcf/two-stage.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import type { AnalysisResponse } from '../api/run-analysis.ts';
import { formatFactValue } from '../format-fact.ts';
import { DcfHeatMap } from './dcf-heat-map.tsx';
import { MissingFacts } from './missing-facts.tsx';

/** The parts of a DCF analysis' sections this page draws. */
interface DcfSections {
  grid?: DcfGrid | null;
  valuation?: DcfValuation | null;
  missing?: Array<{ key: string; label: string; reason: string }>;
}

const numberOf = (facts: Fact[], key: string) => {
  const v = facts.find((f) => f.key === key)?.value;
  return typeof v === 'number' ? v : null;
};

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

/** A DCF analysis: fair value against the price, the assumptions, the terminal-value warning and the grid as a heat map. */
export function DcfView({ analysis }: { analysis: AnalysisResponse }) {
  const s = analysis.sections as DcfSections;
  const fair = numberOf(analysis.facts, 'fair_value_per_share');
  const price = s.valuation?.priceUsd ?? numberOf(analysis.facts, 'price');
  const assumptions = ['wacc', 'terminal_growth', 'upside_percent'].flatMap((k) => analysis.facts.find((f) => f.key === k) ?? []);
  const base = s.valuation ? { discountRate: s.valuation.parameters.discountRate, terminalGrowth: s.valuation.parameters.terminalGrowth } : null;
  return (
    <>
      {s.valuation?.warnings.map((w) => (
        <Alert key={w.code} tone="warning" title={w.code === 'terminal_value_dominates' ? 'Most of the value is in the terminal value' : 'Negative equity'}>
          {w.message}
        </Alert>
      ))}
      <div className="grid gap-6 md:grid-cols-2">
        {fair !== null && price !== null && (
          <Card>
            <CardHeader>
              <CardTitle>Fair value against the price</CardTitle>
            </CardHeader>
            <CardContent>
              <FairValueVsPrice fair={fair} price={price} />
            </CardContent>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle>Assumptions</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              {assumptions.map((f) => (
                <div key={f.key}>
                  <dt className="text-xs text-slate-600">{f.label}</dt>
                  <dd className="font-semibold text-ink tabular">{formatFactValue(f)}</dd>
                </div>
              ))}
              {s.valuation && (
                <div>
                  <dt className="text-xs text-slate-600">Terminal value share of enterprise value</dt>
                  <dd className="font-semibold text-ink tabular">{(s.valuation.terminal.shareOfEnterpriseValue * 100).toFixed(1)} %</dd>
                </div>
              )}
            </dl>
          </CardContent>
        </Card>
      </div>
      {s.grid && <DcfHeatMap grid={s.grid} priceUsd={price} base={base} />}
      <MissingFacts missing={s.missing} />
    </>
  );
}
