import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { describeDataSource } from '../../../../../core/market/source-names.ts';
import type { Fact } from '../../../../../core/analysis/analysis-types.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';

/** Anchor of a fact's row: the note's citations link here. */
export const factAnchor = (key: string) => `fact-${key}`;

const factColumns: DataTableColumn<Fact>[] = [
  { id: 'figure', header: 'Figure', rowHeader: true, cellClassName: 'text-fg', cell: (f) => f.label },
  { id: 'value', header: 'Value', numeric: true, cellClassName: 'font-medium', cell: (f) => formatFactValue(f) },
  { id: 'period', header: 'Period', cellClassName: 'text-fg-muted', cell: (f) => f.period },
  { id: 'source', header: 'Source', cellClassName: 'text-fg-muted', cell: (f) => describeDataSource(f.source) },
  { id: 'as-of', header: 'As of', cellClassName: 'text-fg-muted tabular', cell: (f) => f.as_of },
];

/** Every number the note may use, with its period, source and as-of date. */
export function FactsTable({ facts }: { facts: Fact[] }) {
  return (
    <Card data-testid="analysis-facts">
      <CardHeader>
        <CardTitle>Facts behind the note</CardTitle>
        <CardDescription>The only figures the note uses, each with where it comes from and how recent it is.</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          columns={factColumns}
          rows={facts}
          rowKey={(f) => f.key}
          caption="Facts behind the note: each figure with its value, period, source and as-of date"
          scrollLabel="Facts behind the note"
          tableClassName="min-w-[36rem]"
          cellClassName="py-2 pr-3 last:pr-0"
          rowClassName="scroll-mt-24 border-b border-border-subtle last:border-0 target:bg-warning-soft"
          rowProps={(f) => ({ id: factAnchor(f.key) })}
        />
      </CardContent>
    </Card>
  );
}
