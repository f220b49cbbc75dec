import { bollinger } from '../../../../core/analysis/indicators/bollinger.ts';
import { macd } from '../../../../core/analysis/indicators/macd.ts';
import { sma } from '../../../../core/analysis/indicators/moving-averages.ts';
import { rsi } from '../../../../core/analysis/indicators/rsi.ts';

export interface ChartBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface LinePoint {
  time: string;
  value: number;
}

/** The overlays and panes of the technical chart, each a line of (date, value) without its warm-up. */
export interface TechnicalChartSeries {
  sma50: LinePoint[];
  sma200: LinePoint[];
  bbUpper: LinePoint[];
  bbLower: LinePoint[];
  rsi14: LinePoint[];
  macd: LinePoint[];
  macdSignal: LinePoint[];
  macdHistogram: LinePoint[];
}

const toLine = (bars: readonly ChartBar[], values: Float64Array): LinePoint[] =>
  bars.flatMap((b, i) => (Number.isFinite(values[i]) ? [{ time: b.date, value: values[i]! }] : []));

/**
 * The chart's lines from the same indicator kernels the analysis used (SMA 50/200, Bollinger 20/2,
 * RSI 14, MACD 12/26/9), on the bars up to the analysis' data day, so chart and facts agree.
 */
export function buildTechnicalChartSeries(allBars: readonly ChartBar[], asOf: string): TechnicalChartSeries {
  const bars = allBars.filter((b) => b.date <= asOf);
  const close = Float64Array.from(bars, (b) => b.close);
  const bb = bollinger(close, 20, 2);
  const m = macd(close, 12, 26, 9);
  return {
    sma50: toLine(bars, sma(close, 50)),
    sma200: toLine(bars, sma(close, 200)),
    bbUpper: toLine(bars, bb.upper),
    bbLower: toLine(bars, bb.lower),
    rsi14: toLine(bars, rsi(close, 14)),
    macd: toLine(bars, m.macd),
    macdSignal: toLine(bars, m.signal),
    macdHistogram: toLine(bars, m.histogram),
  };
}
