import type { TechnicalChart } from '../../../../core/analysis/runs/technical.ts';

interface ChartBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

interface LinePoint {
  time: string;
  value: number;
}

/** The overlays and panes of the technical chart, each a line of (date, value) without its warm-up gaps. */
export interface TechnicalChartSeries {
  bars: ChartBar[];
  sma50: LinePoint[];
  sma200: LinePoint[];
  bbUpper: LinePoint[];
  bbLower: LinePoint[];
  rsi14: LinePoint[];
  macd: LinePoint[];
  macdSignal: LinePoint[];
  macdHistogram: LinePoint[];
}

const toLine = (dates: string[], values: Array<number | null>): LinePoint[] =>
  dates.flatMap((time, i) => {
    const value = values[i];
    return value === null || value === undefined ? [] : [{ time, value }];
  });

/**
 * The analysis' chart columns (one array per line, aligned with `dates`, null where a line has no
 * value yet) as the points the chart library draws; a bar missing any price is left out.
 */
export function toTechnicalChartSeries(chart: TechnicalChart): TechnicalChartSeries {
  const { dates } = chart;
  return {
    bars: dates.flatMap((date, i) => {
      const [open, high, low, close] = [chart.open[i], chart.high[i], chart.low[i], chart.close[i]];
      return open == null || high == null || low == null || close == null ? [] : [{ date, open, high, low, close }];
    }),
    sma50: toLine(dates, chart.sma_50),
    sma200: toLine(dates, chart.sma_200),
    bbUpper: toLine(dates, chart.bb_upper),
    bbLower: toLine(dates, chart.bb_lower),
    rsi14: toLine(dates, chart.rsi_14),
    macd: toLine(dates, chart.macd),
    macdSignal: toLine(dates, chart.macd_signal),
    macdHistogram: toLine(dates, chart.macd_histogram),
  };
}
