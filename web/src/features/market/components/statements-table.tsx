import { useState } from 'react';
import type { StatementKind } from '../../../../../core/market/types.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { cn } from '../../../lib/cn.ts';
import type { FundamentalsResponse } from '../api/get-fundamentals.ts';
import { describeFigureSource, formatFigure } from '../format.ts';

type Line = FundamentalsResponse['annual']['income'][number];

const statementNames: Record<StatementKind, string> = { income: 'Income statement', balance: 'Balance sheet', cash_flow: 'Cash flow' };

/** Annual / quarterly statements; "—" where a figure is not reported; each cell's title names its source and as-of. */
export function StatementsTable({ data, statement }: { data: FundamentalsResponse; statement: StatementKind }) {
  const [period, setPeriod] = useState<'annual' | 'quarterly'>('annual');
  const set = data[period];
  const lines = set[statement];
  // Latest period first, as on most financial sites; the first columns are what fits on a phone.
  const shown = 8;
  const cols = set.periods
    .map((p, index) => ({ ...p, index }))
    .slice(-shown)
    .reverse();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-2">
        <div>
          <CardTitle>{statementNames[statement]}</CardTitle>
          <CardDescription>USD. Fiscal years are named by the date they end. “—” = not reported.</CardDescription>
        </div>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Period</legend>
          {(['annual', 'quarterly'] as const).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              onClick={() => setPeriod(p)}
              className={`rounded-md px-2.5 py-1 text-xs font-medium capitalize ${period === p ? 'bg-inverse text-on-inverse' : 'text-fg-muted hover:bg-surface-subtle'}`}
            >
              {p}
            </button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent>
        {lines.length === 0 || cols.length === 0 ? (
          <p className="text-sm text-fg-muted">
            No {period} {statementNames[statement].toLowerCase()} figures are reported for {data.symbol}.
          </p>
        ) : (
          <DataTable
            columns={[
              { id: 'line', header: 'Line', rowHeader: true, cellClassName: 'max-w-[9rem] text-fg-secondary sm:max-w-none', cell: (l: Line) => l.label },
              ...cols.map(
                (p): DataTableColumn<Line> => ({
                  id: p.end,
                  header: (
                    <>
                      {period === 'annual' ? `FY${p.fiscal_year}` : p.end}
                      {period === 'annual' && <span className="block font-normal text-fg-subtle">{p.end}</span>}
                    </>
                  ),
                  numeric: true,
                  headerClassName: 'px-2',
                  cellClassName: (l) => cn('px-2', l.values[p.index]!.value === null ? 'text-fg-subtle' : 'text-fg'),
                  cellProps: (l) => ({ title: describeFigureSource(l.values[p.index]!) }),
                  cell: (l) => formatFigure(l.values[p.index]!.value, l.unit),
                }),
              ),
            ]}
            rows={lines}
            rowKey={(l) => l.key}
            caption={`${statementNames[statement]} of ${data.symbol}, ${period}`}
            scrollLabel={`${statementNames[statement]} of ${data.symbol}`}
            stickyFirstColumn
            className="-mx-5 px-5"
            tableClassName="min-w-[36rem]"
            headClassName="border-b border-border text-xs text-fg-subtle"
            cellClassName="py-1.5 pr-3"
          />
        )}
      </CardContent>
    </Card>
  );
}
