import { CandlestickSeries, ColorType, createChart, HistogramSeries, LineSeries, LineStyle } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { TechnicalChartSeries } from '../technical-chart-series.ts';

export interface PriceLevel {
  price: number;
  kind: 'support' | 'resistance';
}

/** Colours of the overlays; the legend beside the chart uses the same ones. */
export const chartColours = {
  sma50: '#2563eb',
  sma200: '#c2410c',
  bands: '#7c3aed',
  rsi: '#0f766e',
  macd: '#2563eb',
  signal: '#c2410c',
  support: '#047857',
  resistance: '#b91c1c',
};

const line = (color: string, width: 1 | 2 = 2, dashed = false) => ({
  color,
  lineWidth: width,
  lineStyle: dashed ? LineStyle.Dashed : LineStyle.Solid,
  priceLineVisible: false,
  lastValueVisible: false,
  crosshairMarkerVisible: false,
});

/** Candlesticks with SMA 50/200, Bollinger bands and support/resistance, then an RSI pane and a MACD pane. Lazy-loaded. */
export default function TechnicalChartCanvas({ series, levels, label }: { series: TechnicalChartSeries; levels: PriceLevel[]; label: string }) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!ref.current) return;
    const chart = createChart(ref.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#ffffff' }, textColor: '#475569', attributionLogo: true, panes: { separatorColor: '#e2e8f0' } },
      grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
      rightPriceScale: { borderColor: '#e2e8f0' },
      timeScale: { borderColor: '#e2e8f0' },
      handleScroll: false,
      handleScale: false,
    });
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: '#059669',
      downColor: '#dc2626',
      borderVisible: false,
      wickUpColor: '#059669',
      wickDownColor: '#dc2626',
      priceLineVisible: false,
    });
    candles.setData(series.bars.map((b) => ({ time: b.date, open: b.open, high: b.high, low: b.low, close: b.close })));
    chart.addSeries(LineSeries, line(chartColours.bands, 1, true)).setData(series.bbUpper);
    chart.addSeries(LineSeries, line(chartColours.bands, 1, true)).setData(series.bbLower);
    chart.addSeries(LineSeries, line(chartColours.sma50)).setData(series.sma50);
    chart.addSeries(LineSeries, line(chartColours.sma200)).setData(series.sma200);
    for (const l of levels)
      candles.createPriceLine({
        price: l.price,
        color: l.kind === 'support' ? chartColours.support : chartColours.resistance,
        lineWidth: 1,
        lineStyle: LineStyle.Dotted,
        axisLabelVisible: true,
        title: l.kind === 'support' ? 'Support' : 'Resistance',
      });

    const rsi = chart.addSeries(LineSeries, { ...line(chartColours.rsi), lastValueVisible: true }, 1);
    rsi.setData(series.rsi14);
    for (const price of [30, 70])
      rsi.createPriceLine({ price, color: '#94a3b8', lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true, title: '' });

    chart
      .addSeries(HistogramSeries, { color: '#cbd5e1', priceLineVisible: false, lastValueVisible: false }, 2)
      .setData(series.macdHistogram.map((p) => ({ ...p, color: p.value >= 0 ? '#86efac' : '#fca5a5' })));
    chart.addSeries(LineSeries, line(chartColours.macd), 2).setData(series.macd);
    chart.addSeries(LineSeries, line(chartColours.signal), 2).setData(series.macdSignal);

    const [main, rsiPane, macdPane] = chart.panes();
    main?.setStretchFactor(3);
    rsiPane?.setStretchFactor(1);
    macdPane?.setStretchFactor(1);
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [series, levels]);

  // A figure, not role=img: the library puts its attribution link inside, and an img may not hold focusable content.
  return <figure ref={ref} className="h-[30rem] w-full sm:h-[36rem]" aria-label={label} data-testid="technical-chart" />;
}
