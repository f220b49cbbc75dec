import type { AnalysisKind } from '../../../core/analysis/analysis-types.ts';
import { computeUpsidePercent, pickHeatStep } from '../../../core/analysis/dcf/heat-colour.ts';
import { requireFactDefinition } from '../../../core/facts/catalogue.ts';
import { formatFactValue } from '../../../core/facts/format-fact.ts';
import { describePercentile } from '../../../core/text/ordinal.ts';
import type { GradeCategory } from '../../../core/analysis/fundamentals/grade-metrics.ts';
import type {
  BalanceSheetSections,
  DcfSections,
  EtfSections,
  FundamentalSections,
  OverviewSections,
  TechnicalSections,
} from '../../../core/analysis/runs/index.ts';
import type { AnalysisResponse } from '../analyses/index.ts';

/** The charts of a PDF as data: the document draws each type as vector shapes, whatever the kind. */
export type PdfChart =
  | { type: 'line'; title: string; labels: string[]; series: Array<{ name: string; colour: string; values: Array<number | null> }> }
  | { type: 'bars'; title: string; rows: Array<{ label: string; value: number; text: string }> }
  | { type: 'waterfall'; title: string; steps: Array<{ label: string; value: number; text: string; total: boolean }> }
  | {
      type: 'heat';
      title: string;
      corner: string;
      columns: string[];
      rows: Array<{ label: string; cells: Array<{ text: string; background: string; colour: string; base: boolean }> }>;
    };

const GRADE_NAMES: Record<GradeCategory, string> = {
  value: 'Value',
  growth: 'Growth',
  profitability: 'Profitability',
  health: 'Financial health',
  momentum: 'Momentum',
};
const usd = (value: number) => formatFactValue({ value, unit: 'usd' });
const percent = (value: number) => formatFactValue({ value, unit: 'percent' });
const ratePct = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;

function chartGrades(grades: FundamentalSections['grades']): PdfChart[] {
  const rows = grades.flatMap((g) =>
    g.percentile === null ? [] : [{ label: GRADE_NAMES[g.category], value: g.percentile, text: `${g.letter ?? '—'} · ${describePercentile(g.percentile)}` }],
  );
  return rows.length ? [{ type: 'bars', title: 'Sector grades: mean percentile of the metrics in the sector', rows }] : [];
}

/** The newest fiscal year's statement lines that are reported, as bars in USD. */
function chartLatestLines(linesByYear: FundamentalSections['lines_by_year'], keys: string[], title: string): PdfChart[] {
  const latest = linesByYear.at(-1);
  if (!latest) return [];
  const rows = keys.flatMap((key) => {
    const v = latest.values[key];
    return v === null || v === undefined ? [] : [{ label: requireFactDefinition(key).label, value: v, text: usd(v) }];
  });
  return rows.length ? [{ type: 'bars', title: `${title}, FY${latest.fiscal_year}`, rows }] : [];
}

function chartTechnical(s: TechnicalSections): PdfChart[] {
  const c = s.chart;
  if (c.dates.length < 2) return [];
  return [
    {
      type: 'line',
      title: 'Price (close) with the 50- and 200-day moving averages',
      labels: c.dates,
      series: [
        { name: 'Close', colour: '#1d4ed8', values: c.close },
        { name: 'SMA 50', colour: '#d97706', values: c.sma_50 },
        { name: 'SMA 200', colour: '#7c3aed', values: c.sma_200 },
      ],
    },
  ];
}

function chartOverview(s: OverviewSections): PdfChart[] {
  const perf = (
    [
      ['3 months', s.performance.return_3m],
      ['6 months', s.performance.return_6m],
      ['12 months to a month ago', s.performance.return_12m_ex_1m],
    ] as const
  ).flatMap(([label, v]) => (v === null ? [] : [{ label, value: v, text: percent(v) }]));
  return [...chartGrades(s.grades), ...(perf.length ? [{ type: 'bars' as const, title: 'Price change', rows: perf }] : [])];
}

function chartFundamental(s: FundamentalSections): PdfChart[] {
  const dividends: PdfChart[] = s.dividends_by_year.length
    ? [
        {
          type: 'bars',
          title: 'Dividends per share by year',
          rows: s.dividends_by_year.map((d) => ({ label: String(d.year), value: d.amount, text: `$${d.amount.toFixed(2)}` })),
        },
      ]
    : [];
  const grades = chartGrades(s.grades);
  const lines = chartLatestLines(s.lines_by_year, ['revenue', 'net_income', 'operating_cash_flow', 'free_cash_flow'], 'Statement lines');
  return [...grades, ...dividends, ...(grades.length || dividends.length ? [] : lines)];
}

function chartBalanceSheet(s: BalanceSheetSections): PdfChart[] {
  return chartLatestLines(s.lines_by_year, ['total_assets', 'total_liabilities', 'total_equity', 'total_debt'], 'Balance sheet');
}

function chartEtf(s: EtfSections): PdfChart[] {
  return s.sector_weights.length
    ? [{ type: 'bars', title: 'Sector weights', rows: s.sector_weights.map((w) => ({ label: w.sector, value: w.weight_pct, text: percent(w.weight_pct) })) }]
    : [];
}

function chartDcf(s: DcfSections): PdfChart[] {
  const charts: PdfChart[] = [];
  const v = s.valuation;
  if (v) {
    charts.push({
      type: 'bars',
      title: `Fair value per share by method; price $${s.price.toFixed(2)}`,
      rows: [
        ...v.blend.parts.map((p) => ({
          label: `${p.label} (weight ${Math.round(p.weight * 100)} %)`,
          value: p.perShareUsd,
          text: `$${p.perShareUsd.toFixed(2)}`,
        })),
        { label: 'Bear case', value: v.range.bear, text: `$${v.range.bear.toFixed(2)}` },
        { label: 'Blended central value', value: v.range.base, text: `$${v.range.base.toFixed(2)}` },
        { label: 'Bull case', value: v.range.bull, text: `$${v.range.bull.toFixed(2)}` },
      ],
    });
  }
  const b = s.bridge;
  if (!b || !s.grid) return charts;
  const grid = s.grid;
  const step = (label: string, value: number, total = false) => ({ label, value, text: usd(value), total });
  const bridge: PdfChart = {
    type: 'waterfall',
    title: 'From enterprise value to equity value',
    steps: [
      step('Enterprise value', b.enterprise_value_usd, true),
      step('Debt', -b.total_debt_usd),
      step('Cash', b.cash_usd),
      step('Minority interests', -b.nci_usd),
      step('Equity value', b.equity_value_usd, true),
    ],
  };
  const base = { r: s.wacc.wacc, g: s.assumptions.terminal_growth };
  const heat: PdfChart = {
    type: 'heat',
    title: `Fair value per share by discount rate (rows) and terminal growth (columns); price $${s.price.toFixed(2)}`,
    corner: 'Rate / growth',
    columns: grid.terminalGrowths.map(ratePct),
    rows: grid.rows.map((cells, i) => ({
      label: ratePct(grid.discountRates[i]!),
      cells: cells.map((cell) => {
        const upside = computeUpsidePercent(cell.perShareUsd, s.price);
        const shade = upside === null ? null : pickHeatStep(upside);
        return {
          text: cell.perShareUsd === null ? '—' : `$${cell.perShareUsd.toFixed(2)}`,
          background: shade?.background ?? '#ffffff',
          colour: shade?.text ?? '#0f172a',
          base: Math.abs(cell.discountRate - base.r) < 1e-9 && Math.abs(cell.terminalGrowth - base.g) < 1e-9,
        };
      }),
    })),
  };
  return [...charts, bridge, heat];
}

/** Each kind's charts, from its typed sections: one table, so a new kind fails to compile until it has its charts. */
const chartsByKind: Record<AnalysisKind, (sections: never) => PdfChart[]> = {
  overview: chartOverview,
  fundamental: chartFundamental,
  technical: chartTechnical,
  'balance-sheet': chartBalanceSheet,
  etf: chartEtf,
  dcf: chartDcf,
};

/** The charts an analysis's PDF draws (none when its sections lack the data, e.g. a young listing). */
export const listPdfCharts = (a: Pick<AnalysisResponse, 'kind' | 'sections'>): PdfChart[] => chartsByKind[a.kind](a.sections as never);
