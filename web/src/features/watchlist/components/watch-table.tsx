import type { ReactNode } from 'react';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';
import type { WatchRow } from '../api/list-watchlists.ts';
import { DASH, formatSignedPercent, formatUsdPrice, ratingTone, ratingWords, toneOf } from '../format-watch.ts';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { Sparkline } from '../../../components/ui/sparkline.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';

const GRADE_NAMES = { value: 'Value', growth: 'Growth', profitability: 'Profitability', health: 'Financial health', momentum: 'Momentum' } as const;

/**
 * The five letters, each named for a screen reader; one tooltip for the cell (on hover or keyboard focus) spells them
 * out — one tab stop a row rather than five.
 */
function Grades({ grades }: { grades: WatchRow['grades'] }) {
  if (!grades) return <span className="text-fg-subtle">{DASH}</span>;
  const keys = Object.keys(GRADE_NAMES) as Array<keyof typeof GRADE_NAMES>;
  const spelled = keys.map((k) => `${GRADE_NAMES[k]} ${grades[k] ?? 'not graded'}`).join(' · ');
  return (
    <Tooltip content={spelled} className="inline-flex gap-1">
      {keys.map((k) => (
        <abbr
          key={k}
          aria-label={`${GRADE_NAMES[k]} grade ${grades[k] ?? 'not graded'}`}
          className="inline-flex size-6 items-center justify-center rounded bg-surface-subtle text-xs font-semibold text-fg no-underline"
        >
          {grades[k] ?? DASH}
        </abbr>
      ))}
    </Tooltip>
  );
}

const columns: DataTableColumn<WatchRow>[] = [
  {
    id: 'symbol',
    header: 'Symbol',
    rowHeader: true,
    sortValue: (r) => r.symbol,
    cell: (r) => (
      <>
        <span className="block font-semibold text-fg">{r.symbol}</span>
        <span className="block max-w-[12rem] truncate text-xs text-fg-muted" title={r.name}>
          {r.name}
        </span>
      </>
    ),
  },
  { id: 'price', header: 'Price', numeric: true, sortValue: (r) => r.price, cell: (r) => formatUsdPrice(r.price) },
  {
    id: 'change',
    header: 'Change',
    numeric: true,
    sortValue: (r) => r.change_percent,
    cellClassName: (r) => toneOf(r.change_percent),
    cell: (r) => (
      <>
        {formatSignedPercent(r.change_percent)}
        {r.change_period === 'month' && <span className="block text-xs text-fg-subtle">month</span>}
      </>
    ),
  },
  {
    id: 'trend',
    header: 'Trend',
    cell: (r) => (
      <Sparkline
        values={r.sparkline}
        label={(change) => `${r.change_period === 'month' ? `${r.sparkline.length} month-ends` : '3-month'} trend: ${formatSignedPercent(change)}`}
      />
    ),
  },
  {
    id: 'rating',
    header: 'Rating',
    sortValue: (r) => r.rating?.score ?? null,
    firstSortDirection: 'desc',
    cell: (r) =>
      r.rating ? (
        <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${ratingTone(r.rating.label)}`}>
          {ratingWords(r.rating.label)}
        </span>
      ) : (
        <span className="text-fg-subtle">{DASH}</span>
      ),
  },
  {
    id: 'rsi',
    header: 'RSI 14',
    numeric: true,
    sortValue: (r) => r.rsi_14,
    cell: (r) => (r.rsi_14 === null ? DASH : formatFactValue({ value: r.rsi_14, unit: 'score' })),
  },
  {
    id: 'upside',
    header: 'Fair value',
    numeric: true,
    sortValue: (r) => r.upside_percent,
    cell: (r) =>
      r.fair_value === null ? (
        <span className="text-fg-subtle" title={r.missing.find((m) => m.startsWith('DCF') || m.startsWith('No fundamentals')) ?? undefined}>
          {DASH}
        </span>
      ) : (
        <>
          {formatUsdPrice(r.fair_value)}
          <span className={`block text-xs ${toneOf(r.upside_percent)}`}>{formatSignedPercent(r.upside_percent)} vs price</span>
          {r.valuation_verdict && <span className="block text-xs text-fg-muted">{r.valuation_verdict}</span>}
        </>
      ),
  },
  {
    id: 'grades',
    header: (
      <>
        Grades <span className="sr-only">(value, growth, profitability, health, momentum)</span>
      </>
    ),
    cell: (r) => <Grades grades={r.grades} />,
  },
];

/**
 * The watchlist as a sortable table: price and change, a 3-month sparkline, the technical rating and RSI, the
 * DCF fair value with the upside, and the five grades. Scrolls sideways inside itself on a phone.
 */
export function WatchTable({ rows, caption, actions }: { rows: WatchRow[]; caption: string; actions?: (row: WatchRow) => ReactNode }) {
  const shown: DataTableColumn<WatchRow>[] = actions
    ? [
        ...columns,
        { id: 'actions', header: <span className="sr-only">Actions</span>, headerClassName: 'text-right', cellClassName: 'text-right', cell: actions },
      ]
    : columns;
  return (
    <DataTable
      columns={shown}
      rows={rows}
      rowKey={(r) => r.symbol}
      caption={caption}
      empty="No symbols in this list yet."
      defaultSort={{ columnId: 'symbol', direction: 'asc' }}
      // relative: the sr-only labels inside are absolutely placed; without it they widen the page on a phone.
      className="relative rounded-xl border border-border bg-surface"
      tableClassName="min-w-[52rem]"
      headClassName="border-b border-border bg-surface-muted text-xs uppercase tracking-wide text-fg-muted"
      bodyClassName="divide-y divide-border-subtle"
      rowClassName="align-middle"
      footer={
        // The key the five letters need (issue 33): sighted readers had only the screen reader's label.
        <p className="border-t border-border px-3 py-2 text-xs text-fg-muted" data-testid="grades-key">
          Grades, left to right: {Object.values(GRADE_NAMES).join(', ').toLowerCase()}; A is the best fifth of the company's sector peers, F the worst.
        </p>
      }
    />
  );
}
