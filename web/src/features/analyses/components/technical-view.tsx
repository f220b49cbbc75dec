import type { TechnicalSections } from '../../../../../core/analysis/runs/technical.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import type { ShownAnalysis } from '../api/run-analysis.ts';
import { MissingFacts } from './missing-facts.tsx';
import type { PriceLevel } from './technical-chart-canvas.tsx';
import { TechnicalChart } from './technical-chart.tsx';
import { TechnicalRatingPanel } from './technical-rating-panel.tsx';

const price = (v: number) => `$${v.toFixed(2)}`;

/** A technical analysis: the chart with its overlays and panes, the rating and its votes, the levels and beta. */
export function TechnicalView({ analysis }: { analysis: ShownAnalysis }) {
  const s = analysis.sections as unknown as TechnicalSections;
  const levels: PriceLevel[] = [
    ...(s.levels?.support ?? []).map((l) => ({ price: l.price, kind: 'support' as const })),
    ...(s.levels?.resistance ?? []).map((l) => ({ price: l.price, kind: 'resistance' as const })),
  ];
  return (
    <>
      <TechnicalChart symbol={analysis.symbol} chart={s.chart} asOf={analysis.as_of} levels={levels} />
      {s.rating && <TechnicalRatingPanel rating={s.rating} />}
      <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
        {s.levels && (
          <Card>
            <CardHeader>
              <CardTitle>Support and resistance</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-2 text-sm">
                {(
                  [
                    ['Resistance', s.levels.resistance],
                    ['Support', s.levels.support],
                  ] as const
                ).map(([name, list]) => (
                  <div key={name}>
                    <dt className="font-medium text-fg">{name}</dt>
                    <dd className="text-fg-secondary">
                      {list.length === 0
                        ? 'None found in the last year of swings.'
                        : list.map((l) => `${price(l.price)} (${l.touches} touches, ${price(l.low)}–${price(l.high)}, last ${l.last_touch})`).join('; ')}
                    </dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        )}
        {s.beta && (
          <Card>
            <CardHeader>
              <CardTitle>Against the market (SPY)</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-fg-secondary">
              Beta {s.beta.beta.toFixed(2)} and correlation {s.beta.correlation.toFixed(2)} over daily returns from {s.beta.from} to {s.beta.to}.
            </CardContent>
          </Card>
        )}
      </div>
      <MissingFacts missing={s.missing} />
    </>
  );
}
