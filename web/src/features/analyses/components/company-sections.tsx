import { BarChartByYear } from '../../../components/ui/bar-chart-by-year.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
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
        <DataTable
          columns={[
            { id: 'figure', header: 'Fiscal year', rowHeader: true, cellClassName: 'text-fg', cell: (k: string) => labelRow(k, byKey.get(k)) },
            ...rows.map(
              (r): DataTableColumn<string> => ({
                id: String(r.fiscal_year),
                header: `FY${r.fiscal_year}`,
                numeric: true,
                headerClassName: 'pl-3 tabular',
                cellClassName: 'pl-3',
                cell: (k) => show(k, r.values[k] ?? null),
              }),
            ),
          ]}
          rows={keys}
          rowKey={(k) => k}
          caption={`${title} by fiscal year`}
          scrollLabel={title}
          tableClassName="min-w-[32rem]"
          cellClassName="py-1.5 pr-3 last:pr-0"
        />
      </CardContent>
    </Card>
  );
}

/** An input of the Altman score; the last row is the score, the sum of the products. */
type AltmanRow = { key: string; label: string; value: number | null; weight: number | null; total?: number };
const altmanColumns: DataTableColumn<AltmanRow>[] = [
  { id: 'input', header: 'Input', rowHeader: true, cellClassName: (r) => (r.key === 'score' ? 'font-semibold text-fg' : 'text-fg'), cell: (r) => r.label },
  { id: 'ratio', header: 'Ratio', numeric: true, headerClassName: 'pl-3', cellClassName: 'pl-3', cell: (r) => r.value?.toFixed(3) },
  { id: 'weight', header: 'Weight', numeric: true, headerClassName: 'pl-3', cellClassName: 'pl-3', cell: (r) => r.weight },
  {
    id: 'product',
    header: 'Weight × ratio',
    numeric: true,
    headerClassName: 'pl-3',
    cellClassName: 'pl-3',
    cell: (r) => (r.total !== undefined ? r.total.toFixed(3) : r.value !== null && r.weight !== null ? (r.weight * r.value).toFixed(3) : null),
  },
];

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
        <DataTable
          columns={altmanColumns}
          rows={[
            ...altman.variables.map((v): AltmanRow => ({ key: v.id, label: `${v.id.toUpperCase()}: ${v.label}`, value: v.value, weight: v.weight })),
            { key: 'score', label: 'Score (sum)', value: null, weight: null, total: altman.score },
          ]}
          rowKey={(r) => r.key}
          caption={`Altman score inputs: each ratio times its weight, summing to ${altman.score.toFixed(3)}`}
          scrollLabel="Altman score inputs"
          tableClassName="min-w-[28rem]"
          cellClassName="py-1.5 pr-3 last:pr-0"
          rowClassName={(r) => (r.key === 'score' ? 'font-semibold' : 'border-b border-border-subtle')}
        />
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
