import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ScreenerField } from '../../../../../core/screener/fields.ts';
import type { ScreenerResultRow } from '../api/query-screener.ts';
import { formatFieldValue } from '../format-value.ts';
import type { ScreenSort } from '../screen-url.ts';
import { Sparkline } from '../../../components/ui/sparkline.tsx';

/** Where a result opens: the fund page for an ETF (the `type` value), the quick overview for a company. */
const symbolPagePath = (row: Pick<ScreenerResultRow, 'symbol' | 'values'>) =>
  `/${row.values.type === 'ETF' ? 'etf' : 'overview'}/${encodeURIComponent(row.symbol)}`;

const ariaSort = (sort: ScreenSort | null, field: string) => (sort?.field === field ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined);

/**
 * The matching rows: symbol (sticky when the table scrolls sideways on a phone), the last year as a
 * sparkline, then the chosen columns. Headers are buttons that sort (Enter/Space), marked with aria-sort.
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
    <ScrollArea label="Screener results" className="rounded-xl border border-border bg-surface">
      <table
        className={cn('w-full min-w-max border-collapse text-sm transition-opacity', busy && 'opacity-60')}
        aria-busy={busy || undefined}
        data-testid="screener-results"
      >
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-xs text-fg-muted">
            <th scope="col" className="sticky left-0 z-10 bg-surface-muted px-3 py-2 text-left font-medium">
              Symbol
            </th>
            <th scope="col" className="bg-surface-muted px-3 py-2 text-left font-medium">
              1 year
            </th>
            {columns.map((c) => {
              const active = sort?.field === c.id;
              const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
              const numeric = c.kind === 'range';
              return (
                <th
                  key={c.id}
                  scope="col"
                  aria-sort={ariaSort(sort, c.id)}
                  className={cn('bg-surface-muted px-1 py-1 font-medium', numeric ? 'text-right' : 'text-left')}
                >
                  {onSort ? (
                    <button
                      type="button"
                      onClick={() => onSort(c.id)}
                      className={cn(
                        'inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-surface-strong hover:text-fg',
                        numeric && 'flex-row-reverse',
                        active && 'text-fg',
                      )}
                      data-testid={`sort-${c.id}`}
                    >
                      <span title={c.label}>{c.short}</span>
                      <Icon className={cn('size-3.5 shrink-0', !active && 'text-fg-subtle')} aria-hidden />
                    </button>
                  ) : (
                    <span className={cn('inline-flex items-center gap-1 px-2', numeric && 'flex-row-reverse', active && 'text-fg')} title={c.label}>
                      {c.short}
                      {active && <Icon className="size-3.5 shrink-0" aria-hidden />}
                    </span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const path = symbolPagePath(r);
            return (
              <tr
                key={r.symbol}
                className="group cursor-pointer border-b border-border-subtle last:border-0 hover:bg-surface-muted"
                // The symbol's link is the keyboard path; a click anywhere on the row is a mouse shortcut to it.
                onClick={(e) => {
                  if (!(e.target as HTMLElement).closest('a,button')) navigate(path);
                }}
                data-symbol={r.symbol}
              >
                <th
                  scope="row"
                  className="sticky left-0 z-10 max-w-[7.5rem] bg-surface px-3 py-1.5 text-left font-normal group-hover:bg-surface-muted sm:max-w-[16rem]"
                >
                  <Link to={path} className="font-semibold text-brand-fg hover:underline">
                    {r.symbol}
                  </Link>
                  <span className="block truncate text-xs text-fg-muted" title={r.name}>
                    {r.name}
                  </span>
                </th>
                <td className="px-3 py-1.5">
                  <Sparkline
                    values={r.sparkline}
                    label={(change) => `${r.symbol}, last year: ${change >= 0 ? 'up' : 'down'} ${Math.abs(change).toFixed(1)}%`}
                  />
                </td>
                {columns.map((c) => (
                  <td
                    key={c.id}
                    className={cn(
                      'px-3 py-1.5 whitespace-nowrap tabular',
                      c.kind === 'range' ? 'text-right' : 'text-left',
                      r.values[c.id] == null && 'text-fg-subtle',
                    )}
                    // A value older than a year (an ETF's 2022 expense ratio and assets) says its date, as the ETF page does.
                    title={r.as_of?.[c.id] ? `As of ${r.as_of[c.id]}: older than a year` : undefined}
                  >
                    {formatFieldValue(r.values[c.id], c.unit)}
                    {r.as_of?.[c.id] ? (
                      <sup className="ml-0.5 text-[0.65rem] text-warning" data-testid="dated-cell">
                        <span aria-hidden="true">†</span>
                        <span className="sr-only"> as of {r.as_of[c.id]}</span>
                      </sup>
                    ) : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.some((r) => r.as_of) ? (
        <p className="border-t border-border-subtle px-3 py-1.5 text-xs text-fg-muted" data-testid="dated-footnote">
          † Older than a year: the cell's title gives its as-of date (ETF expense ratios and assets come from a 2022-08-30 overview).
        </p>
      ) : null}
    </ScrollArea>
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
