import { describe, expect, it } from 'vitest';
import type { TechnicalChart } from '../../../../core/analysis/runs/technical.ts';
import { toTechnicalChartSeries } from './technical-chart-series.ts';

const days = ['2026-06-29', '2026-06-30', '2026-07-01'];
const column = (...v: Array<number | null>) => v;

/** Three bars; SMA 50 known only on the last day, RSI on the last two; the middle bar lacks its open. */
const chart: TechnicalChart = {
  dates: days,
  open: column(10, null, 12),
  high: column(11, 12, 13),
  low: column(9, 10, 11),
  close: column(10.5, 11.5, 12.5),
  volume: column(100, 200, 300),
  sma_50: column(null, null, 11.2),
  sma_200: column(null, null, null),
  bb_upper: column(null, 12, 13),
  bb_middle: column(null, 11, 12),
  bb_lower: column(null, 10, 11),
  rsi_14: column(null, 55, 61.5),
  macd: column(0.1, 0.2, 0.3),
  macd_signal: column(null, 0.15, 0.2),
  macd_histogram: column(null, 0.05, 0.1),
};

describe('the analysis chart columns become drawable lines', () => {
  const s = toTechnicalChartSeries(chart);

  it('a line keeps only the days it has a value, each at its own date (no shifting after a gap)', () => {
    expect(s.sma50).toEqual([{ time: '2026-07-01', value: 11.2 }]);
    expect(s.rsi14).toEqual([
      { time: '2026-06-30', value: 55 },
      { time: '2026-07-01', value: 61.5 },
    ]);
    expect(s.sma200).toEqual([]);
    expect(s.macd.map((p) => p.time)).toEqual(days);
  });

  it('a candle needs all four prices: 3 dates − the one without an open = 2 candles', () => {
    expect(s.bars.map((b) => b.date)).toEqual(['2026-06-29', '2026-07-01']);
    expect(s.bars[1]).toEqual({ date: '2026-07-01', open: 12, high: 13, low: 11, close: 12.5 });
  });
});
