import { Link } from 'react-router';
import {
  ANALYSIS_ROWS,
  type Better,
  COMPARE_KINDS,
  type CompareKind,
  describeFigure,
  FIGURE_ROWS,
  KIND_TITLES,
  type RankRule,
  rankRow,
  type Standing,
} from '../../../../core/compare/compare-rows.ts';
import type { FieldUnit } from '../../../../core/screener/fields.ts';
import { buildAnalysisPath, RunAnalysisButton } from '../../features/analyses/index.ts';
import { type CompareItem, StandingCue, standingCellClass } from '../../features/compare/index.ts';
import { formatFieldValue } from '../../features/screener/index.ts';
import { DataTable, type DataTableColumn, type DataTableGroup } from '../../components/ui/data-table.tsx';
import { cn } from '../../lib/cn.ts';
import { useRunnerAccount } from '../analyses/run-analysis.tsx';

type Cell = number | string | null;

const BETTER_HINT: Record<Exclude<Better, null>, string> = { higher: 'Higher is better', lower: 'Lower is better' };

/** Bar lengths for a row: each value's size against the row's largest (magnitudes: a loss draws as long as a gain). */
function measureBars(values: readonly Cell[]): Array<number | null> {
  const nums = values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? Math.abs(v) : null));
  const max = Math.max(0, ...nums.map((n) => n ?? 0));
  return nums.map((n) => (n === null || max === 0 || nums.filter((x) => x !== null).length < 2 ? null : n / max));
}

/** A row of the table: a figure across the symbols (ranked, with bars), or the status of one analysis kind. */
type CompareRow =
  | {
      kind: 'value';
      testId: string;
      label: string;
      hint?: string;
      rule: RankRule;
      values: Cell[];
      /** Why a missing value is missing, per column (shown instead of a bare dash). */
      reasons?: Array<string | undefined>;
      unit: FieldUnit;
    }
  | { kind: 'analysis'; testId: string; analysisKind: CompareKind };

/** A figure's row with each value's standing (best, worst) and bar length, worked out once. */
const toValueRow = (row: Omit<Extract<CompareRow, { kind: 'value' }>, 'kind'>) => {
  const standings: Standing[] = rankRow(row.values, row.rule);
  const bars = row.unit === 'label' ? row.values.map(() => null) : measureBars(row.values);
  return { ...row, kind: 'value' as const, standings, bars };
};
type ShownRow = ReturnType<typeof toValueRow> | Extract<CompareRow, { kind: 'analysis' }>;

function ValueCell({ row, i }: { row: ReturnType<typeof toValueRow>; i: number }) {
  const v = row.values[i] ?? null;
  const standing = row.standings[i]!;
  const bar = row.bars[i] ?? null;
  return (
    <>
      {/* relative: the screen-reader-only reason stays inside the scrolling table instead of widening the page */}
      <div className="relative flex flex-wrap items-center gap-1.5">
        <span className="tabular font-medium text-fg" title={v === null ? row.reasons?.[i] : undefined}>
          {formatFieldValue(v, row.unit)}
        </span>
        {v === null && row.reasons?.[i] && <span className="sr-only">({row.reasons[i]})</span>}
        <StandingCue standing={standing} />
      </div>
      {bar !== null && (
        <div className="mt-1 h-1 w-full max-w-24 rounded-full bg-surface-subtle" aria-hidden>
          <div
            className={cn('h-1 rounded-full', standing === 'best' ? 'bg-brand' : standing === 'worst' ? 'bg-negative-solid' : 'bg-fg-subtle')}
            style={{ width: `${Math.max(4, bar * 100)}%` }}
          />
        </div>
      )}
    </>
  );
}

/** What the user has of this kind for one symbol: the saved run to open (free), the priced run, or why it cannot run. */
function AnalysisStatus({ item, kind, onRan }: { item: CompareItem; kind: CompareKind; onRan: () => void }) {
  const entry = item.analyses.find((a) => a.kind === kind)!;
  const account = useRunnerAccount(kind);
  if (entry.saved) {
    const s = entry.saved;
    return (
      <div className="space-y-1 text-xs text-fg-secondary" data-testid={`saved-${kind}-${item.symbol}`}>
        <Link
          to={buildAnalysisPath({ id: s.id, symbol: item.symbol, kind, subtype: null })}
          className="font-medium text-brand-fg underline-offset-2 hover:underline"
          aria-label={`Open your ${KIND_TITLES[kind].toLowerCase()} of ${item.symbol} (free)`}
        >
          Open (free)
        </Link>
        <p>
          Data as of {s.as_of}
          {!s.current && <span className="text-warning"> · newer data since</span>}
        </p>
        <p className="line-clamp-3" title={s.verdict}>
          {s.verdict}
        </p>
      </div>
    );
  }
  if (entry.unavailable) return <p className="text-xs text-fg-muted">{entry.unavailable}.</p>;
  return <RunAnalysisButton symbol={item.symbol} kind={kind} account={account} context={`${KIND_TITLES[kind]}, ${item.symbol}`} onDone={onRan} />;
}

/**
 * The symbols side by side: price, the market figures by group, then each analysis kind with its
 * status (open, run or why not) and its figures. Best and worst per row are marked in words and
 * with an icon; the tint and the bars repeat it.
 */
export function CompareTable({ items, onRan }: { items: CompareItem[]; onRan: () => void }) {
  const groupNames = [...new Set(FIGURE_ROWS.map((r) => r.group))];
  const groups: Array<DataTableGroup<ShownRow>> = [
    {
      id: 'price',
      title: 'Price',
      rows: [
        toValueRow({
          testId: 'row-price',
          label: 'Price',
          hint: 'Last close',
          values: items.map((i) => i.quote?.price ?? null),
          unit: 'usd_per_share',
          rule: { better: null },
        }),
        toValueRow({
          testId: 'row-change',
          label: 'Change',
          hint: items[0]?.quote?.change_period === '1mo' ? 'Over the last month' : 'On the last trading day',
          values: items.map((i) => i.quote?.change_percent ?? null),
          unit: 'percent',
          rule: { better: null },
        }),
      ],
    },
    ...groupNames.flatMap((group) => {
      const rows = FIGURE_ROWS.filter((r) => r.group === group && items.some((i) => i.figures[r.id] !== null));
      if (rows.length === 0) return [];
      return [
        {
          id: group,
          title: group,
          rows: rows.map((r) => {
            const f = describeFigure(r.id);
            return toValueRow({
              testId: `row-${r.id}`,
              label: f.label,
              values: items.map((i) => i.figures[r.id] ?? null),
              reasons: items.map((i) => i.missing[r.id]),
              unit: f.unit,
              rule: r,
            });
          }),
        },
      ];
    }),
    ...COMPARE_KINDS.map((kind) => ({
      id: kind,
      title: KIND_TITLES[kind],
      rows: [
        { kind: 'analysis' as const, testId: `row-analysis-${kind}`, analysisKind: kind },
        ...ANALYSIS_ROWS.filter((r) => r.kind === kind).map((r) =>
          toValueRow({
            testId: `row-${r.key}`,
            label: r.label,
            values: items.map((i) => i.analyses.find((a) => a.kind === kind)?.saved?.facts[r.key] ?? null),
            unit: r.unit,
            rule: r,
          }),
        ),
      ],
    })),
  ];
  const columns: Array<DataTableColumn<ShownRow>> = [
    {
      id: 'figure',
      header: 'Figure',
      rowHeader: true,
      headerClassName: 'w-36 align-top text-xs font-semibold uppercase tracking-wide text-fg-muted shadow-[1px_0_0_var(--color-border)] sm:w-44',
      cellClassName: 'align-top shadow-[1px_0_0_var(--color-border)]',
      cell: (row) =>
        row.kind === 'analysis' ? (
          <>
            <span className="font-medium text-fg">Your analysis</span>
            <span className="block text-xs text-fg-muted">Newest saved run</span>
          </>
        ) : (
          <>
            <span className="font-medium text-fg">{row.label}</span>
            {row.rule.better && <span className="block text-xs text-fg-muted">{BETTER_HINT[row.rule.better]}</span>}
            {row.hint && <span className="block text-xs text-fg-muted">{row.hint}</span>}
          </>
        ),
    },
    ...items.map(
      (item, i): DataTableColumn<ShownRow> => ({
        id: item.symbol,
        header: (
          <>
            <Link to={`/overview/${encodeURIComponent(item.symbol)}`} className="text-base font-semibold text-fg underline-offset-2 hover:underline">
              {item.symbol}
            </Link>
            <span className="block text-xs font-normal text-fg-muted">{item.name}</span>
          </>
        ),
        headerClassName: 'align-top',
        cellClassName: (row) => cn('align-top', row.kind === 'value' && standingCellClass(row.standings[i]!)),
        cellProps: (row) => ({ 'data-standing': row.kind === 'value' ? (row.standings[i] ?? undefined) : undefined }),
        cell: (row) => (row.kind === 'analysis' ? <AnalysisStatus item={item} kind={row.analysisKind} onRan={onRan} /> : <ValueCell row={row} i={i} />),
      }),
    ),
  ];
  return (
    <DataTable
      columns={columns}
      groups={groups}
      rowKey={(row) => row.testId}
      // Each symbol keeps a readable column: past the screen's width the table scrolls inside this frame.
      caption={`${items.map((i) => i.symbol).join(', ')} side by side. In each row the best and the worst value are marked “Best” and “Worst”.`}
      scrollLabel="Symbols side by side"
      stickyFirstColumn
      testId="compare-table"
      className="rounded-xl border border-border bg-surface"
      tableClassName="table-fixed border-collapse"
      style={{ minWidth: `${8 + items.length * 8.5}rem` }}
      headClassName=""
      rowClassName="border-t border-border-subtle"
      rowProps={(row) => ({ 'data-testid': row.testId })}
    />
  );
}
