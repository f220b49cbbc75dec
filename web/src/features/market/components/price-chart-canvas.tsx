import { AreaSeries, CandlestickSeries, ColorType, createChart, HistogramSeries, type IChartApi } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { HistoryResponse } from '../api/get-price-history.ts';

/** The lightweight-charts canvas. Only imported through PriceChart's lazy() so the library never lands in the initial bundle. */
export default function PriceChartCanvas({ history, mode }: { history: HistoryResponse; mode: 'line' | 'candles' }) {
  const ref = useRef<HTMLElement>(null);
  const chartRef = useRef<IChartApi | null>(null);

  useEffect(() => {
    if (!ref.current) return;
    const chart = createChart(ref.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#ffffff' }, textColor: '#475569', attributionLogo: true },
      grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
      rightPriceScale: { borderColor: '#e2e8f0' },
      timeScale: { borderColor: '#e2e8f0' },
      handleScroll: false,
      handleScale: false,
    });
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
    };
  }, []);

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
            upColor: '#059669',
            downColor: '#dc2626',
            borderVisible: false,
            wickUpColor: '#059669',
            wickDownColor: '#dc2626',
          })
        : chart.addSeries(AreaSeries, {
            lineColor: up ? '#059669' : '#dc2626',
            topColor: up ? 'rgba(5,150,105,0.25)' : 'rgba(220,38,38,0.2)',
            bottomColor: 'rgba(255,255,255,0)',
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
      color: '#cbd5e1',
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
  }, [history, mode]);

  // A figure, not role=img: the library puts its attribution link inside, and an img may not hold focusable content.
  return <figure ref={ref} className="h-64 w-full sm:h-80" aria-label={`Price chart of ${history.symbol}, ${history.bars.length} bars`} />;
}
