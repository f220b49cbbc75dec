import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type HTMLAttributes, type ReactNode, type TdHTMLAttributes, useMemo, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { ScrollArea } from './scroll-area.tsx';
import { type SortDirection, type SortState, type SortValue, sortRows, toggleSort } from './table-sort.ts';

export type { SortState };

type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

export type DataTableColumn<Row> = {
  id: string;
  header: ReactNode;
  /** The full name behind a short header (the screener's "P/E"), shown on hover. */
  headerTitle?: string;
  cell: (row: Row) => ReactNode;
  /** What the column sorts by on the client; with it the header becomes a sort button. */
  sortValue?: (row: Row) => SortValue;
  /** A column sorted elsewhere (the server), in a table with a controlled `sort`: a sort button without an accessor. */
  sortable?: boolean;
  /** The direction of the first press on this header: numbers start with the largest, texts with A, unless said. */
  firstSortDirection?: SortDirection;
  /** Right-aligned with tabular figures, so digits line up down the column. */
  numeric?: boolean;
  /** The cell names its row (`<th scope="row">`), as a symbol or a statement line does. */
  rowHeader?: boolean;
  headerClassName?: string;
  cellClassName?: string | ((row: Row) => string | false | undefined);
  /** More attributes of a body cell (title, data-testid). */
  cellProps?: (row: Row) => TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
  /** The test id of the header's sort button. */
  sortTestId?: string;
};

export type DataTableGroup<Row> = { id: string; title?: ReactNode; rows: readonly Row[] };

/** Stays in view while a wide table scrolls sideways: the first column names the row. */
const STICKY_COLUMN_CLASS = 'sticky left-0 z-10';

const ariaSortOf = (sort: SortState | null, columnId: string) =>
  sort?.columnId === columnId ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

const firstDirectionOf = <Row,>(column: DataTableColumn<Row>): SortDirection => column.firstSortDirection ?? (column.numeric ? 'desc' : 'asc');

function SortIndicator({ active, direction }: { active: boolean; direction: SortDirection | undefined }) {
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return <Icon className={cn('size-3.5 shrink-0', !active && 'text-fg-subtle')} aria-hidden />;
}

type DataTableProps<Row> = {
  columns: readonly DataTableColumn<Row>[];
  /** The rows, or `groups` of them (each under a heading row, a `<tbody>` of its own). */
  rows?: readonly Row[];
  groups?: readonly DataTableGroup<Row>[];
  /** More about a row, in a full-width row under it (a disclosure of details). */
  rowDetails?: (row: Row) => ReactNode;
  rowDetailsClassName?: string;
  rowKey: (row: Row) => string;
  /** The table's accessible name; screen-reader only unless `captionVisible`. */
  caption: ReactNode;
  captionVisible?: boolean;
  /** The name of the scroll region (defaults to the caption when that is text). */
  scrollLabel?: string;
  /** False: no scroll region of its own (a narrow table, or one inside another scroll box). */
  scroll?: boolean;
  stickyFirstColumn?: boolean;
  /** What the table says when it has no rows. */
  empty?: ReactNode;
  /** Client-side sorting starts here (uncontrolled). */
  defaultSort?: SortState | null;
  /**
   * Controlled sorting (the screener sorts on the server): the rows are shown in the order given, the headers
   * show this sort, and a press calls `onSortChange` with the column's id. Without `onSortChange` the headers
   * only show the sort (a read-only table).
   */
  sort?: SortState | null;
  onSortChange?: (columnId: string) => void;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & DataAttributes;
  rowClassName?: string | ((row: Row) => string | false | undefined);
  /** Every cell's padding (header and body). */
  cellClassName?: string;
  /** The header cells' look (e.g. a tinted row); also the background of a sticky header cell. */
  headerCellClassName?: string;
  className?: string;
  tableClassName?: string;
  headClassName?: string;
  bodyClassName?: string;
  busy?: boolean;
  testId?: string;
  style?: HTMLAttributes<HTMLTableElement>['style'];
  /** Below the table, inside its frame (a footnote, a key). */
  footer?: ReactNode;
};

/**
 * The data table of the UI kit: columns declared once (header, cell, optional sort accessor, numeric alignment),
 * sortable headers that are buttons (Enter/Space) with `aria-sort` and an arrow, a stable sort that puts missing
 * values last, an optional sticky first column, a caption, an empty state, and a focusable, named scroll region
 * for tables wider than the screen.
 */
export function DataTable<Row>({
  columns,
  rows,
  groups,
  rowDetails,
  rowDetailsClassName,
  rowKey,
  caption,
  captionVisible = false,
  scrollLabel,
  scroll = true,
  stickyFirstColumn = false,
  empty = 'Nothing to show.',
  defaultSort = null,
  sort: controlledSort,
  onSortChange,
  rowProps,
  rowClassName = 'border-b border-border-subtle last:border-0',
  cellClassName = 'px-3 py-2',
  headerCellClassName,
  className,
  tableClassName,
  headClassName = 'border-b border-border text-xs text-fg-muted',
  bodyClassName,
  busy = false,
  testId,
  style,
  footer,
}: DataTableProps<Row>) {
  const controlled = controlledSort !== undefined;
  const [ownSort, setOwnSort] = useState<SortState | null>(defaultSort);
  const sort = controlled ? controlledSort : ownSort;
  const sections = useMemo(() => {
    const given = groups ?? [{ id: 'rows', title: undefined, rows: rows ?? [] }];
    const column = !controlled && sort ? columns.find((c) => c.id === sort.columnId) : undefined;
    // A sort orders the rows within each group; the groups keep their order.
    return column?.sortValue && sort ? given.map((g) => ({ ...g, rows: sortRows(g.rows, column.sortValue!, sort.direction) })) : given;
  }, [controlled, sort, columns, rows, groups]);
  const pressHeader = (column: DataTableColumn<Row>) => {
    if (!controlled) setOwnSort((s) => toggleSort(s, column.id, firstDirectionOf(column)));
    onSortChange?.(column.id);
  };
  const interactive = !controlled || onSortChange !== undefined;
  const renderRow = (row: Row) => (
    <tr key={rowKey(row)} className={cn(typeof rowClassName === 'function' ? rowClassName(row) : rowClassName)} {...rowProps?.(row)}>
      {columns.map((column, index) => {
        const Cell = column.rowHeader ? 'th' : 'td';
        const own = (typeof column.cellClassName === 'function' ? column.cellClassName(row) : column.cellClassName) || '';
        return (
          <Cell
            key={column.id}
            scope={column.rowHeader ? 'row' : undefined}
            {...column.cellProps?.(row)}
            className={cn(
              cellClassName,
              // A row header reads as a label, not bold, unless the column or the row says otherwise.
              column.rowHeader && !/(^|\s)font-/.test(own) && 'font-normal',
              column.numeric ? 'text-right tabular' : !/(^|\s)text-(left|right|center)/.test(own) && 'text-left',
              stickyFirstColumn && index === 0 && [STICKY_COLUMN_CLASS, 'bg-surface'],
              own,
            )}
          >
            {column.cell(row)}
          </Cell>
        );
      })}
    </tr>
  );
  const stickyHeaderBackground = headerCellClassName && /(^|\s)bg-/.test(headerCellClassName) ? undefined : 'bg-surface';

  const table = (
    <table className={cn('w-full text-sm', tableClassName)} aria-busy={busy || undefined} data-testid={testId} style={style}>
      <caption className={captionVisible ? 'caption-top pb-2 text-left text-sm font-medium text-fg' : 'sr-only'}>{caption}</caption>
      <thead className={headClassName}>
        <tr>
          {columns.map((column, index) => {
            const sticky = stickyFirstColumn && index === 0;
            const sortable = column.sortValue !== undefined || column.sortable === true;
            const active = sort?.columnId === column.id;
            const label = <span title={column.headerTitle}>{column.header}</span>;
            return (
              <th
                key={column.id}
                scope="col"
                aria-sort={sortable ? ariaSortOf(sort, column.id) : undefined}
                className={cn(
                  cellClassName,
                  !/(^|\s)font-/.test(column.headerClassName ?? '') && 'font-medium',
                  column.numeric ? 'text-right' : !/(^|\s)text-(left|right|center)/.test(column.headerClassName ?? '') && 'text-left',
                  headerCellClassName,
                  sticky && [STICKY_COLUMN_CLASS, stickyHeaderBackground],
                  column.headerClassName,
                )}
              >
                {sortable && interactive ? (
                  <button
                    type="button"
                    onClick={() => pressHeader(column)}
                    className={cn(
                      '-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-fg focus-visible:outline-2 focus-visible:outline-focus',
                      column.numeric && 'flex-row-reverse',
                      active && 'text-fg',
                    )}
                    data-testid={column.sortTestId}
                  >
                    {label}
                    <SortIndicator active={active} direction={sort?.direction} />
                  </button>
                ) : sortable && active ? (
                  <span className={cn('inline-flex items-center gap-1 text-fg', column.numeric && 'flex-row-reverse')}>
                    {label}
                    <SortIndicator active direction={sort?.direction} />
                  </span>
                ) : (
                  label
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      {sections.every((section) => section.rows.length === 0) ? (
        <tbody className={bodyClassName}>
          <tr>
            <td colSpan={columns.length} className="px-3 py-6 text-center text-sm text-fg-muted" data-testid="table-empty">
              {empty}
            </td>
          </tr>
        </tbody>
      ) : rowDetails ? (
        // Each row with its details is one row group, so the pair stays together in the reading order.
        sections.flatMap((section) =>
          section.rows.map((row) => (
            <tbody key={rowKey(row)} className={bodyClassName}>
              {renderRow(row)}
              <tr>
                <td colSpan={columns.length} className={rowDetailsClassName}>
                  {rowDetails(row)}
                </td>
              </tr>
            </tbody>
          )),
        )
      ) : (
        sections.map((section) => (
          <tbody key={section.id} className={bodyClassName}>
            {section.title !== undefined && (
              <tr className="border-t border-border bg-surface-muted">
                <th scope="rowgroup" colSpan={columns.length} className="px-3 py-1.5 text-left text-xs font-semibold uppercase tracking-wide text-fg-secondary">
                  {section.title}
                </th>
              </tr>
            )}
            {section.rows.map(renderRow)}
          </tbody>
        ))
      )}
    </table>
  );
  if (!scroll) {
    return footer || className ? (
      <div className={className}>
        {table}
        {footer}
      </div>
    ) : (
      table
    );
  }
  return (
    <ScrollArea label={scrollLabel ?? (typeof caption === 'string' ? caption : 'Table')} className={className}>
      {table}
      {footer}
    </ScrollArea>
  );
}
