import type { BalanceSheetSections } from '../../../../../core/analysis/runs/balance-sheet.ts';
import type { FundamentalSections } from '../../../../../core/analysis/runs/fundamental.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import type { ShownAnalysis } from '../api/run-analysis.ts';
import { AltmanPanel, GradesPanel, PiotroskiPanel, YearTable } from './company-sections.tsx';
import { MissingFacts } from './missing-facts.tsx';

/** A fundamental analysis tab: grades, scores and the figures behind it by year. */
export function FundamentalView({ analysis }: { analysis: ShownAnalysis }) {
  const s = analysis.sections as unknown as FundamentalSections;
  return (
    <>
      <GradesPanel grades={s.grades} sector={s.sector} />
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        {s.piotroski && <PiotroskiPanel piotroski={s.piotroski} />}
        {s.altman && <AltmanPanel altman={s.altman} />}
      </div>
      {s.dividends_by_year.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Dividends per share by year</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {s.dividends_by_year.map((d) => (
                <div key={d.year}>
                  <dt className="text-xs text-fg-muted">{d.year}</dt>
                  <dd className="font-semibold tabular">${d.amount.toFixed(2)}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      )}
      <YearTable title="Ratios by fiscal year" rows={s.ratios_by_year} facts={analysis.facts} />
      <YearTable title="Statement lines by fiscal year" rows={s.lines_by_year} facts={analysis.facts} money />
      <MissingFacts missing={s.missing} />
    </>
  );
}

/** The balance-sheet analysis: Altman with its inputs, liquidity and leverage by year, the sheet itself. */
export function BalanceSheetView({ analysis }: { analysis: ShownAnalysis }) {
  const s = analysis.sections as unknown as BalanceSheetSections;
  return (
    <>
      {s.altman && <AltmanPanel altman={s.altman} />}
      <YearTable title="Liquidity and leverage by fiscal year" rows={s.ratios_by_year} facts={analysis.facts} />
      <YearTable title="Assets, liabilities and equity by fiscal year" rows={s.lines_by_year} facts={analysis.facts} money />
      <MissingFacts missing={s.missing} />
    </>
  );
}
