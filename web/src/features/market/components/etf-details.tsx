import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import type { EtfResponse } from '../api/get-etf-info.ts';
import { formatPercent, NOT_REPORTED } from '../format.ts';

type Holding = NonNullable<EtfResponse['holdings']>[number];
const holdingColumns: DataTableColumn<Holding>[] = [
  {
    id: 'holding',
    header: 'Holding',
    cell: (h) => (
      <>
        <span className="font-medium text-fg">{h.symbol}</span> <span className="text-fg-subtle">{h.name}</span>
      </>
    ),
  },
  { id: 'weight', header: 'Weight', numeric: true, cell: (h) => `${h.weight_pct.toFixed(2)}%` },
];

/** ETF holdings with weights, sector weights, expense ratio and yield where known, each dated. */
export function EtfDetails({ etf }: { etf: EtfResponse }) {
  const top = etf.holdings?.slice(0, 15) ?? [];
  const topWeight = top.reduce((s, h) => s + h.weight_pct, 0);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Fund facts</CardTitle>
          <CardDescription>
            {etf.overview_as_of
              ? `Overview as of ${etf.overview_as_of}: stale, costs change slowly but yields and assets do not.`
              : 'No fund overview in the current data.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-3 gap-3">
            <div>
              <dt className="text-xs text-fg-subtle">Expense ratio</dt>
              <dd className="text-lg font-semibold tabular">{formatPercent(etf.expense_ratio_pct)}</dd>
            </div>
            <div>
              <dt className="text-xs text-fg-subtle">Dividend yield</dt>
              <dd className="text-lg font-semibold tabular">{formatPercent(etf.dividend_yield_pct)}</dd>
            </div>
            <div>
              <dt className="text-xs text-fg-subtle">Assets</dt>
              <dd className="text-lg font-semibold tabular">{etf.aum_musd === null ? NOT_REPORTED : `$${(etf.aum_musd / 1000).toFixed(1)}B`}</dd>
            </div>
          </dl>
          {etf.sector_weights && (
            <div className="mt-5">
              <h3 className="text-sm font-semibold text-fg-secondary">Sector weights</h3>
              <ul className="mt-2 space-y-1.5">
                {etf.sector_weights.map((s) => (
                  <li key={s.sector} className="text-xs">
                    <div className="flex justify-between">
                      <span className="text-fg-secondary">{s.sector}</span>
                      <span className="tabular text-fg-subtle">{s.weight_pct.toFixed(1)}%</span>
                    </div>
                    <div className="mt-0.5 h-1.5 rounded bg-surface-subtle">
                      <div className="h-1.5 rounded bg-brand" style={{ width: `${Math.min(100, s.weight_pct)}%` }} />
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="mt-4 text-xs text-fg-subtle">Sources: {etf.sources.join(', ')}</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Top holdings</CardTitle>
          <CardDescription>
            {etf.holdings
              ? `${etf.holdings.length} holdings as of ${etf.holdings_as_of}; the top ${top.length} weigh ${topWeight.toFixed(1)}%.`
              : 'No holdings list in the current data for this fund.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {top.length > 0 && (
            <DataTable
              columns={holdingColumns}
              rows={top}
              rowKey={(h) => `${h.symbol}-${h.name}`}
              caption={`Top holdings of ${etf.symbol}`}
              scroll={false}
              headClassName="border-b border-border text-xs text-fg-subtle"
              cellClassName="py-1.5"
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
