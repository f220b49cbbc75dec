import type { DcfYear } from '../../../../../core/analysis/dcf/two-stage.ts';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';

const pct = (fraction: number) => `${(fraction * 100).toFixed(2)} %`;
const usd = (v: number) => formatFactValue({ value: v, unit: 'usd' });

const columns: DataTableColumn<DcfYear>[] = [
  { id: 'year', header: 'Year', rowHeader: true, cell: (y) => y.year },
  { id: 'stage', header: 'Stage', numeric: true, cell: (y) => y.stage },
  { id: 'growth', header: 'Growth', numeric: true, cell: (y) => pct(y.growth) },
  { id: 'fcf', header: 'Free cash flow', numeric: true, cell: (y) => usd(y.fcfUsd) },
  { id: 'discount', header: 'Discount factor', numeric: true, cell: (y) => y.discountFactor.toFixed(3) },
  { id: 'present', header: 'Present value', numeric: true, cell: (y) => usd(y.presentValueUsd) },
];

/** A DCF's projected years, one row each: what the /dcf analysis and the DCF studio both show. */
export function DcfProjectionTable({ years }: { years: readonly DcfYear[] }) {
  return (
    <DataTable
      columns={columns}
      rows={years}
      rowKey={(y) => String(y.year)}
      caption="Year-by-year projection"
      tableClassName="min-w-[28rem] tabular"
      cellClassName="py-1.5 pr-3"
      rowClassName="border-b border-border-subtle"
    />
  );
}
