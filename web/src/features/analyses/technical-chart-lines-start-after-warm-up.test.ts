import { describe, expect, it } from 'vitest';
import { buildTechnicalChartSeries, type ChartBar } from './technical-chart-series.ts';

/** Closes 1, 2, …, n on consecutive days from 2025-01-01 (open = high = low = close). */
function rampBars(n: number): ChartBar[] {
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10);
    return { date: d, open: i + 1, high: i + 1, low: i + 1, close: i + 1 };
  });
}

describe('the technical chart lines on a ramp of closes 1..250', () => {
  const bars = rampBars(250);
  const s = buildTechnicalChartSeries(bars, '2099-01-01');

  it('SMA 50 starts at bar 50 and ends at mean(201..250) = (201 + 250) / 2 = 225.5; SMA 200 ends at mean(51..250) = 150.5', () => {
    expect(s.sma50.length).toBe(250 - 49);
    expect(s.sma50[0]).toEqual({ time: bars[49]!.date, value: 25.5 }); // mean(1..50) = 51 / 2
    expect(s.sma50.at(-1)!.value).toBeCloseTo(225.5, 9);
    expect(s.sma200.length).toBe(250 - 199);
    expect(s.sma200.at(-1)!.value).toBeCloseTo(150.5, 9);
  });

  it('Bollinger 20/2 on a ramp: σ of 20 consecutive integers = √((20² − 1) / 12) = √33.25, bands = mean ± 2σ', () => {
    const sd = Math.sqrt((20 * 20 - 1) / 12);
    const mean = (231 + 250) / 2; // 240.5
    expect(s.bbUpper.at(-1)!.value).toBeCloseTo(mean + 2 * sd, 9);
    expect(s.bbLower.at(-1)!.value).toBeCloseTo(mean - 2 * sd, 9);
  });

  it('RSI on a series that only rises is 100 (no losses); MACD and its signal appear after 26 and 26 + 9 − 1 = 34 bars', () => {
    expect(s.rsi14.at(-1)!.value).toBe(100);
    expect(s.macd.length).toBe(250 - 25);
    expect(s.macdSignal.length).toBe(250 - 33);
    expect(s.macdHistogram.length).toBe(250 - 33);
  });

  it('only bars up to the analysis data day are used: cut at bar 100 → SMA 50 ends at mean(51..100) = 75.5, no SMA 200', () => {
    const cut = buildTechnicalChartSeries(bars, bars[99]!.date);
    expect(cut.sma50.at(-1)).toEqual({ time: bars[99]!.date, value: 75.5 });
    expect(cut.sma200).toEqual([]);
  });
});
