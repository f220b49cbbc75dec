import { lazy, Suspense, useMemo } from 'react';
import type { TechnicalChart as ChartColumns } from '../../../../../core/analysis/runs/technical.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { toTechnicalChartSeries } from '../technical-chart-series.ts';
import { getChartColourVar } from '../../../components/ui/chart-theme.ts';
import { overlayColourNames, type PriceLevel } from './technical-chart-canvas.tsx';

type Canvas = typeof import('./technical-chart-canvas.tsx')['default'];
/** Set once the chart module has loaded: rendered directly then, without a Suspense round trip. */
let loadedCanvas: Canvas | null = null;
const loadCanvas = () =>
  import('./technical-chart-canvas.tsx').then((m) => {
    loadedCanvas = m.default;
    return m;
  });
const LazyCanvas = lazy(loadCanvas);

/** Starts fetching the chart library while the user decides to run, so the result does not wait for it. */
export const preloadTechnicalChart = () => void loadCanvas();

const legend: Array<[string, string, boolean]> = [
  ['SMA 50', getChartColourVar(overlayColourNames.sma50), false],
  ['SMA 200', getChartColourVar(overlayColourNames.sma200), false],
  ['Bollinger bands (20, 2)', getChartColourVar(overlayColourNames.bands), true],
  ['Support', getChartColourVar(overlayColourNames.support), true],
  ['Resistance', getChartColourVar(overlayColourNames.resistance), true],
];

/** The technical analysis chart: price with overlays, RSI (14) and MACD (12, 26, 9) panes, on bars up to the data day. */
export function TechnicalChart({ symbol, chart, asOf, levels }: { symbol: string; chart: ChartColumns; asOf: string; levels: PriceLevel[] }) {
  const series = useMemo(() => toTechnicalChartSeries(chart), [chart]);
  const visible = series.bars;
  const TechnicalChartCanvas = loadedCanvas ?? LazyCanvas;
  const last = series.rsi14.at(-1);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Price, trend and momentum</CardTitle>
        <CardDescription>
          Daily candles for the last {visible.length} sessions to {asOf}; below, RSI (14) with the 30/70 lines and MACD (12, 26, 9).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-secondary" aria-label="Chart legend">
          {legend.map(([name, colour, dashed]) => (
            <li key={name} className="flex items-center gap-1.5">
              <span className="inline-block w-5 border-t-2" style={{ borderColor: colour, borderTopStyle: dashed ? 'dashed' : 'solid' }} aria-hidden />
              {name}
            </li>
          ))}
        </ul>
        <Suspense
          fallback={
            <div role="status" className="h-[30rem] w-full animate-pulse rounded-lg bg-surface-subtle sm:h-[36rem]">
              <span className="sr-only">Loading chart</span>
            </div>
          }
        >
          <TechnicalChartCanvas
            series={series}
            levels={levels}
            label={`Technical chart of ${symbol}: ${visible.length} daily candles with SMA 50, SMA 200 and Bollinger bands${last ? `, RSI ${last.value.toFixed(1)} on ${last.time}` : ''}, and MACD.`}
          />
        </Suspense>
      </CardContent>
    </Card>
  );
}
