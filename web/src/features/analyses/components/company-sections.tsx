import { BarChartByYear } from '../../../components/ui/bar-chart-by-year.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import type { Fact } from '../../../../../core/analysis/analysis-types.ts';
import type { AltmanScore } from '../../../../../core/analysis/fundamentals/altman.ts';
import type { PiotroskiScore } from '../../../../../core/analysis/fundamentals/piotroski.ts';
import type { GradeSection, YearRow } from '../../../../../core/analysis/runs/fundamental.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';
import { findInputLabel } from '../../../../../core/analysis/describe-inputs.ts';
import { describePercentile } from '../../../../../core/text/ordinal.ts';

/** A row's name: the fact's label in this analysis, else the statement line's or the catalogue's (never the key). */
const labelRow = (key: string, fact: Fact | undefined) => fact?.label ?? findInputLabel(key) ?? key;

/** At most this many of a table's figures are charted: the first ones, which each view lists as its key figures. */
const CHARTED_PER_TABLE = 6;

/**
 * Figures by fiscal year, one row per figure, with the first of them charted above the table (a figure
 * with at least two years). A figure that is also a fact takes its label and unit (ratios are in the facts'
 * units: percent for fractions); statement lines are dollars.
 */
export function YearTable({ title, rows, facts, money = false }: { title: string; rows: YearRow[]; facts: Fact[]; money?: boolean }) {
  if (rows.length === 0) return null;
  const keys = Object.keys(rows[0]!.values);
  const byKey = new Map(facts.map((f) => [f.key, f]));
  const unitOf = (key: string) => {
    const fact = byKey.get(key);
    return money ? ('usd' as const) : fact && fact.unit !== 'label' ? fact.unit : ('ratio' as const);
  };
  const show = (key: string, v: number | null) => (v === null ? '—' : formatFactValue({ value: v, unit: unitOf(key) }));
  const charted = keys
    .map((k) => ({ key: k, points: rows.flatMap((r) => (r.values[k] == null ? [] : [{ period: `FY${r.fiscal_year}`, value: r.values[k]! }])) }))
    .filter((c) => c.points.length >= 2)
    .slice(0, CHARTED_PER_TABLE);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {charted.length > 0 && (
          <div className="mb-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="year-charts">
            {charted.map((c, i) => (
              // On a phone two charts, not six screens of them: the table below holds every figure.
              <figure key={c.key} className={`min-w-0 ${i >= 2 ? 'max-sm:hidden' : ''}`}>
                <figcaption className="mb-1 text-xs font-medium text-fg-secondary">{labelRow(c.key, byKey.get(c.key))}</figcaption>
                <BarChartByYear label={labelRow(c.key, byKey.get(c.key))} unit={unitOf(c.key)} points={c.points} />
              </figure>
            ))}
          </div>
        )}
        <ScrollArea label={title}>
          <table className="w-full min-w-[32rem] text-sm">
            <thead className="border-b border-border text-xs text-fg-muted">
              <tr>
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  Fiscal year
                </th>
                {rows.map((r) => (
                  <th key={r.fiscal_year} scope="col" className="py-1.5 pl-3 text-right font-medium tabular">
                    FY{r.fiscal_year}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k} className="border-b border-border-subtle last:border-0">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal text-fg">
                    {labelRow(k, byKey.get(k))}
                  </th>
                  {rows.map((r) => (
                    <td key={r.fiscal_year} className="py-1.5 pl-3 text-right tabular">
                      {show(k, r.values[k] ?? null)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </CardContent>
    </Card>
  );
}

const zoneWords = { safe: 'safe zone', grey: 'grey zone', distress: 'distress zone' } as const;

/** Altman Z with its inputs: each ratio times its weight, the products summing to the score. */
export function AltmanPanel({ altman }: { altman: AltmanScore }) {
  return (
    <Card data-testid="altman">
      <CardHeader>
        <CardTitle>
          Altman {altman.model === 'z' ? 'Z' : 'Z″'}-score {altman.score.toFixed(2)}: {zoneWords[altman.zone]}
        </CardTitle>
        <CardDescription>
          FY{altman.fiscalYear}.{' '}
          {altman.model === 'z' ? 'The 1968 model for manufacturers (five inputs).' : 'The 1995 Z″ model for non-manufacturers (four inputs, no sales term).'}{' '}
          Each input is multiplied by its weight; the products add up to the score.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ScrollArea label="Altman score inputs">
          <table className="w-full min-w-[28rem] text-sm">
            <thead className="border-b border-border text-xs text-fg-muted">
              <tr>
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  Input
                </th>
                <th scope="col" className="py-1.5 pl-3 text-right font-medium">
                  Ratio
                </th>
                <th scope="col" className="py-1.5 pl-3 text-right font-medium">
                  Weight
                </th>
                <th scope="col" className="py-1.5 pl-3 text-right font-medium">
                  Weight × ratio
                </th>
              </tr>
            </thead>
            <tbody>
              {altman.variables.map((v) => (
                <tr key={v.id} className="border-b border-border-subtle">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal text-fg">
                    {v.id.toUpperCase()}: {v.label}
                  </th>
                  <td className="py-1.5 pl-3 text-right tabular">{v.value.toFixed(3)}</td>
                  <td className="py-1.5 pl-3 text-right tabular">{v.weight}</td>
                  <td className="py-1.5 pl-3 text-right tabular">{(v.weight * v.value).toFixed(3)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" colSpan={3} className="py-1.5 pr-3 text-left font-semibold text-fg">
                  Score (sum)
                </th>
                <td className="py-1.5 pl-3 text-right font-semibold tabular">{altman.score.toFixed(3)}</td>
              </tr>
            </tbody>
          </table>
        </ScrollArea>
      </CardContent>
    </Card>
  );
}

/** Piotroski F: the nine tests, each passed, failed or not scored for want of data. */
export function PiotroskiPanel({ piotroski }: { piotroski: PiotroskiScore }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Piotroski F-score {piotroski.score} of {piotroski.evaluated}
        </CardTitle>
        <CardDescription>FY{piotroski.fiscalYear} against the year before: one point per test passed.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
          {piotroski.tests.map((t) => (
            <li key={t.id} className="flex items-baseline justify-between gap-3">
              <span className="text-fg-secondary">{t.label}</span>
              <span className={`shrink-0 font-medium ${t.passed === null ? 'text-fg-muted' : t.passed ? 'text-positive' : 'text-negative'}`}>
                {t.passed === null ? 'No data' : t.passed ? 'Pass' : 'Fail'}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

const gradeNames: Record<string, string> = {
  value: 'Value',
  growth: 'Growth',
  profitability: 'Profitability',
  health: 'Financial health',
  momentum: 'Momentum',
};

/** Letter grades against sector peers, with the percentile behind each. */
export function GradesPanel({ grades, sector }: { grades: GradeSection[]; sector: string | null }) {
  if (grades.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Grades against {sector ?? 'sector'} peers</CardTitle>
        <CardDescription>A is the top fifth of the sector; the percentile is the mean of the metrics' percentiles.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          {grades.map((g) => (
            <div key={g.category}>
              <dt className="text-xs text-fg-muted">{gradeNames[g.category] ?? g.category}</dt>
              <dd className="text-2xl font-semibold text-fg">{g.letter ?? '—'}</dd>
              <dd className="text-xs text-fg-muted">{g.percentile !== null ? describePercentile(g.percentile) : g.reason}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
