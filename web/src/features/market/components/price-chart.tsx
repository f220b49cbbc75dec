import { lazy, Suspense, useState } from 'react';
import { describeDataSource } from '../../../../../core/market/source-names.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { type HistoryRange, useHistory } from '../api/get-price-history.ts';
import { changeTone, formatPercent } from '../format.ts';

const PriceChartCanvas = lazy(() => import('./price-chart-canvas.tsx'));

const ranges: Array<[HistoryRange, string]> = [
  ['1m', '1M'],
  ['3m', '3M'],
  ['6m', '6M'],
  ['ytd', 'YTD'],
  ['1y', '1Y'],
  ['5y', '5Y'],
  ['max', 'Max'],
];

function ChartSkeleton() {
  return (
    <div role="status" className="h-64 w-full animate-pulse rounded-lg bg-surface-subtle sm:h-80">
      <span className="sr-only">Loading chart</span>
    </div>
  );
}

/** Price chart with range buttons; the chart library loads lazily, only on the pages that show it. */
export function PriceChart({ symbol, defaultRange = '1y', candles = false }: { symbol: string; defaultRange?: HistoryRange; candles?: boolean }) {
  const [range, setRange] = useState<HistoryRange>(defaultRange);
  const [mode, setMode] = useState<'line' | 'candles'>(candles ? 'candles' : 'line');
  const { data, isPending, isError, error } = useHistory(symbol, range);
  const bars = data?.bars ?? [];
  const change = bars.length > 1 ? ((bars.at(-1)!.close - bars[0]!.close) / bars[0]!.close) * 100 : null;
  return (
    <Card>
      <CardContent className="pt-4">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <fieldset className="flex flex-wrap gap-1">
            <legend className="sr-only">Chart range</legend>
            {ranges.map(([r, label]) => (
              <button
                key={r}
                type="button"
                aria-pressed={range === r}
                onClick={() => setRange(r)}
                className={`rounded-md px-2.5 py-1 text-xs font-medium ${range === r ? 'bg-inverse text-on-inverse' : 'text-fg-muted hover:bg-surface-subtle'}`}
              >
                {label}
              </button>
            ))}
          </fieldset>
          <div className="flex items-center gap-3 text-xs">
            {change !== null && <span className={`font-medium tabular ${changeTone(change)}`}>{formatPercent(change, true)} over the range</span>}
            {data?.interval === '1d' && (
              <button
                type="button"
                className="text-brand-fg underline-offset-2 hover:underline"
                onClick={() => setMode((m) => (m === 'line' ? 'candles' : 'line'))}
              >
                {mode === 'line' ? 'Candles' : 'Line'}
              </button>
            )}
          </div>
        </div>
        {isPending ? (
          <ChartSkeleton />
        ) : isError ? (
          <p className="flex h-40 items-center justify-center rounded-lg bg-surface-muted px-4 text-center text-sm text-fg-muted">{(error as Error).message}</p>
        ) : (
          <Suspense fallback={<ChartSkeleton />}>
            <PriceChartCanvas history={data} mode={mode} />
          </Suspense>
        )}
        {data && (
          <p className="mt-2 text-xs text-fg-subtle">
            {data.interval === '1d'
              ? 'Daily closes, split-adjusted (not dividend-adjusted)'
              : 'Month-end closes, split- and dividend-adjusted (no daily data for this symbol)'}{' '}
            · Source: {describeDataSource(data.source)} · as of {data.as_of.slice(0, 10)}
            {data.served_by !== 'bundled' && ` · served by ${data.served_by}${data.stale ? ' (stale)' : ''}`}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
