import { Link, useNavigate } from 'react-router';
import type { ScreenerField } from '../../../../../core/screener/fields.ts';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { Sparkline } from '../../../components/ui/sparkline.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ScreenerResultRow } from '../api/query-screener.ts';
import { formatFieldValue } from '../format-value.ts';
import type { ScreenSort } from '../screen-url.ts';

/** Where a result opens: the fund page for an ETF (the `type` value), the quick overview for a company. */
const symbolPagePath = (row: Pick<ScreenerResultRow, 'symbol' | 'values'>) =>
  `/${row.values.type === 'ETF' ? 'etf' : 'overview'}/${encodeURIComponent(row.symbol)}`;

const symbolColumn: DataTableColumn<ScreenerResultRow> = {
  id: 'symbol',
  header: 'Symbol',
  rowHeader: true,
  cellClassName: 'max-w-[7.5rem] group-hover:bg-surface-muted sm:max-w-[16rem]',
  cell: (r) => (
    <>
      <Link to={symbolPagePath(r)} className="font-semibold text-brand-fg hover:underline">
        {r.symbol}
      </Link>
      <span className="block truncate text-xs text-fg-muted" title={r.name}>
        {r.name}
      </span>
    </>
  ),
};

const sparklineColumn: DataTableColumn<ScreenerResultRow> = {
  id: 'sparkline',
  header: '1 year',
  cell: (r) => <Sparkline values={r.sparkline} label={(change) => `${r.symbol}, last year: ${change >= 0 ? 'up' : 'down'} ${Math.abs(change).toFixed(1)}%`} />,
};

const toFieldColumn = (c: ScreenerField): DataTableColumn<ScreenerResultRow> => ({
  id: c.id,
  header: c.short,
  headerTitle: c.label,
  sortable: true,
  numeric: c.kind === 'range',
  sortTestId: `sort-${c.id}`,
  cellClassName: (r) => cn('whitespace-nowrap', r.values[c.id] == null && 'text-fg-subtle'),
  // A value older than a year (an ETF's 2022 expense ratio and assets) says its date, as the ETF page does.
  cellProps: (r) => ({ title: r.as_of?.[c.id] ? `As of ${r.as_of[c.id]}: older than a year` : undefined }),
  cell: (r) => (
    <>
      {formatFieldValue(r.values[c.id], c.unit)}
      {r.as_of?.[c.id] ? (
        <sup className="ml-0.5 text-[0.65rem] text-warning" data-testid="dated-cell">
          <span aria-hidden="true">†</span>
          <span className="sr-only"> as of {r.as_of[c.id]}</span>
        </sup>
      ) : null}
    </>
  ),
});

/**
 * The matching rows: symbol (sticky when the table scrolls sideways on a phone), the last year as a
 * sparkline, then the chosen columns. The server sorts: headers are buttons (Enter/Space) that ask it to,
 * marked with aria-sort.
 */
export function ResultsTable({
  columns,
  rows,
  sort,
  onSort,
  busy = false,
  caption,
}: {
  columns: readonly ScreenerField[];
  rows: ScreenerResultRow[];
  sort: ScreenSort | null;
  /** Absent: a read-only table (the public example). */
  onSort?: (field: string) => void;
  busy?: boolean;
  caption: string;
}) {
  const navigate = useNavigate();
  return (
    <DataTable
      columns={[symbolColumn, sparklineColumn, ...columns.map(toFieldColumn)]}
      rows={rows}
      rowKey={(r) => r.symbol}
      caption={caption}
      scrollLabel="Screener results"
      stickyFirstColumn
      sort={sort ? { columnId: sort.field, direction: sort.dir } : null}
      onSortChange={onSort}
      busy={busy}
      testId="screener-results"
      className="rounded-xl border border-border bg-surface"
      tableClassName={cn('min-w-max border-collapse transition-opacity', busy && 'opacity-60')}
      headClassName="border-b border-border text-xs text-fg-muted"
      headerCellClassName="bg-surface-muted"
      cellClassName="px-3 py-1.5"
      rowClassName="group cursor-pointer border-b border-border-subtle last:border-0 hover:bg-surface-muted"
      rowProps={(r) => ({
        // The symbol's link is the keyboard path; a click anywhere on the row is a mouse shortcut to it.
        onClick: (e) => {
          if (!(e.target as HTMLElement).closest('a,button')) navigate(symbolPagePath(r));
        },
        'data-symbol': r.symbol,
      })}
      footer={
        rows.some((r) => r.as_of) ? (
          <p className="border-t border-border-subtle px-3 py-1.5 text-xs text-fg-muted" data-testid="dated-footnote">
            † Older than a year: the cell's title gives its as-of date (ETF expense ratios and assets come from a 2022-08-30 overview).
          </p>
        ) : null
      }
    />
  );
}

/** Grey rows in the table's shape while the first page loads. */
export function ResultsSkeleton({ rows = 8, columns = 5 }: { rows?: number; columns?: number }) {
  return (
    <div role="status" aria-label="Loading results" className="overflow-hidden rounded-xl border border-border bg-surface" data-testid="screener-skeleton">
      <div className="h-9 border-b border-border bg-surface-muted" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
        <div key={i} className="flex items-center gap-4 border-b border-border-subtle px-3 py-3 last:border-0">
          <div className="h-4 w-16 animate-pulse rounded bg-surface-strong" />
          <div className="h-4 w-20 animate-pulse rounded bg-surface-subtle" />
          {Array.from({ length: columns }, (_, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <div key={j} className="ml-auto h-4 w-14 animate-pulse rounded bg-surface-subtle" />
          ))}
        </div>
      ))}
    </div>
  );
}
