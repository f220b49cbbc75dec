import { CandlestickSeries, ColorType, createChart, HistogramSeries, LineSeries, LineStyle } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { type ChartColourName, getChartLayoutOptions, useChartColours, withAlpha } from '../../../components/ui/chart-theme.ts';
import type { TechnicalChartSeries } from '../technical-chart-series.ts';

export interface PriceLevel {
  price: number;
  kind: 'support' | 'resistance';
}

/** Chart colours (chart-theme.ts) of the overlays; the legend beside the chart uses the same ones. */
export const overlayColourNames = {
  sma50: 'series1',
  sma200: 'series2',
  bands: 'series5',
  rsi: 'series6',
  macd: 'series1',
  signal: 'series2',
  support: 'positive',
  resistance: 'negative',
} as const satisfies Record<string, ChartColourName>;

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
  const colours = useChartColours();

  useEffect(() => {
    if (!ref.current) return;
    const overlay = (name: keyof typeof overlayColourNames) => colours[overlayColourNames[name]];
    // Rebuilt on a theme change: every series carries its own colours.
    const chart = createChart(ref.current, {
      autoSize: true,
      ...getChartLayoutOptions(colours, ColorType.Solid),
      handleScroll: false,
      handleScale: false,
    });
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: colours.up,
      downColor: colours.down,
      borderVisible: false,
      wickUpColor: colours.up,
      wickDownColor: colours.down,
      priceLineVisible: false,
    });
    candles.setData(series.bars.map((b) => ({ time: b.date, open: b.open, high: b.high, low: b.low, close: b.close })));
    chart.addSeries(LineSeries, line(overlay('bands'), 1, true)).setData(series.bbUpper);
    chart.addSeries(LineSeries, line(overlay('bands'), 1, true)).setData(series.bbLower);
    chart.addSeries(LineSeries, line(overlay('sma50'))).setData(series.sma50);
    chart.addSeries(LineSeries, line(overlay('sma200'))).setData(series.sma200);
    for (const l of levels)
      candles.createPriceLine({
        price: l.price,
        color: l.kind === 'support' ? overlay('support') : overlay('resistance'),
        lineWidth: 1,
        lineStyle: LineStyle.Dotted,
        axisLabelVisible: true,
        title: l.kind === 'support' ? 'Support' : 'Resistance',
      });

    const rsi = chart.addSeries(LineSeries, { ...line(overlay('rsi')), lastValueVisible: true }, 1);
    rsi.setData(series.rsi14);
    for (const price of [30, 70])
      rsi.createPriceLine({ price, color: colours.fgSubtle, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true, title: '' });

    chart
      .addSeries(HistogramSeries, { color: colours.volume, priceLineVisible: false, lastValueVisible: false }, 2)
      .setData(series.macdHistogram.map((p) => ({ ...p, color: withAlpha(p.value >= 0 ? colours.up : colours.down, 0.45) })));
    chart.addSeries(LineSeries, line(overlay('macd')), 2).setData(series.macd);
    chart.addSeries(LineSeries, line(overlay('signal')), 2).setData(series.macdSignal);

    const [main, rsiPane, macdPane] = chart.panes();
    main?.setStretchFactor(3);
    rsiPane?.setStretchFactor(1);
    macdPane?.setStretchFactor(1);
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [series, levels, colours]);

  // A figure, not role=img: the library puts its attribution link inside, and an img may not hold focusable content.
  return <figure ref={ref} className="h-[30rem] w-full sm:h-[36rem]" aria-label={label} data-testid="technical-chart" />;
}
