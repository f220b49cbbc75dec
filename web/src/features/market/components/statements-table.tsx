import { useState } from 'react';
import type { StatementKind } from '../../../../../core/market/types.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import type { FundamentalsResponse } from '../api/get-fundamentals.ts';
import { describeFigureSource, formatFigure } from '../format.ts';

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
          <ScrollArea label={`${statementNames[statement]} of ${data.symbol}`} className="-mx-5 px-5">
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">
                {statementNames[statement]} of {data.symbol}, {period}
              </caption>
              <thead>
                <tr className="border-b border-border text-right text-xs text-fg-subtle">
                  <th scope="col" className="sticky left-0 bg-surface py-2 pr-3 text-left font-medium">
                    Line
                  </th>
                  {cols.map((p) => (
                    <th key={p.end} scope="col" className="px-2 py-2 font-medium">
                      {period === 'annual' ? `FY${p.fiscal_year}` : p.end}
                      {period === 'annual' && <span className="block font-normal text-fg-subtle">{p.end}</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.key} className="border-b border-border-subtle last:border-0">
                    <th scope="row" className="sticky left-0 max-w-[9rem] bg-surface py-1.5 pr-3 text-left font-normal text-fg-secondary sm:max-w-none">
                      {l.label}
                    </th>
                    {cols.map((p) => {
                      const v = l.values[p.index]!;
                      return (
                        <td
                          key={p.end}
                          className={`px-2 py-1.5 text-right tabular ${v.value === null ? 'text-fg-subtle' : 'text-fg'}`}
                          title={describeFigureSource(v)}
                        >
                          {formatFigure(v.value, l.unit)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        )}
      </CardContent>
    </Card>
  );
}
