import { AreaSeries, CandlestickSeries, ColorType, createChart, HistogramSeries, type IChartApi } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { getChartLayoutOptions, useChartColours, withAlpha } from '../../../components/ui/chart-theme.ts';
import type { HistoryResponse } from '../api/get-price-history.ts';

/** The lightweight-charts canvas. Only imported through PriceChart's lazy() so the library never lands in the initial bundle. */
export default function PriceChartCanvas({ history, mode }: { history: HistoryResponse; mode: 'line' | 'candles' }) {
  const ref = useRef<HTMLElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const colours = useChartColours();

  useEffect(() => {
    if (!ref.current) return;
    const chart = createChart(ref.current, {
      autoSize: true,
      handleScroll: false,
      handleScale: false,
    });
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
    };
  }, []);

  // Re-themed in place when the theme changes: the series below carry their own colours and are rebuilt with them.
  useEffect(() => {
    chartRef.current?.applyOptions(getChartLayoutOptions(colours, ColorType.Solid));
  }, [colours]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const bars = history.bars;
    const first = bars[0]?.close ?? 0;
    const last = bars.at(-1)?.close ?? 0;
    const up = last >= first;
    const series =
      mode === 'candles' && history.interval === '1d'
        ? chart.addSeries(CandlestickSeries, {
            upColor: colours.up,
            downColor: colours.down,
            borderVisible: false,
            wickUpColor: colours.up,
            wickDownColor: colours.down,
          })
        : chart.addSeries(AreaSeries, {
            lineColor: up ? colours.up : colours.down,
            topColor: withAlpha(up ? colours.up : colours.down, up ? 0.25 : 0.2),
            bottomColor: withAlpha(colours.surface, 0),
            lineWidth: 2,
          });
    if (mode === 'candles' && history.interval === '1d') {
      (series as ReturnType<typeof chart.addSeries<'Candlestick'>>).setData(
        bars.map((b) => ({ time: b.date, open: b.open, high: b.high, low: b.low, close: b.close })),
      );
    } else {
      (series as ReturnType<typeof chart.addSeries<'Area'>>).setData(bars.map((b) => ({ time: b.date, value: b.close })));
    }
    // Volume sits in the bottom 18%; prices keep clear of it, so neither hides the other's axis labels.
    series.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.22 } });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      color: colours.volume,
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    volume.setData(bars.filter((b) => b.volume !== null).map((b) => ({ time: b.date, value: b.volume! })));
    chart.timeScale().fitContent();
    return () => {
      // On unmount the chart effect's cleanup has already removed the chart (and cleared the ref): removing
      // series from a removed chart throws "Value is undefined" and takes the next page down with it.
      if (chartRef.current !== chart) return;
      chart.removeSeries(series);
      chart.removeSeries(volume);
    };
  }, [history, mode, colours]);

  // A figure, not role=img: the library puts its attribution link inside, and an img may not hold focusable content.
  return <figure ref={ref} className="h-64 w-full sm:h-80" aria-label={`Price chart of ${history.symbol}, ${history.bars.length} bars`} />;
}
