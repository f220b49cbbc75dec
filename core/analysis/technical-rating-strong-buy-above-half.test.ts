import { describe, expect, it } from 'vitest';
import { toOhlcvSeries } from './indicators/series.ts';
import { computeTechnicalRating } from './technical-rating.ts';

/*
 * 250 bars rising by 1 a day (close 100, 101, …, 348; high = close + 0.5, low = close − 0.5), then a last
 * bar jumping 20 to 368 (high 368.5, low 367.5).
 */
const closes = [...Array.from({ length: 249 }, (_, i) => 100 + i), 348 + 20];
const bars = closes.map((c, i) => ({
  date: new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10),
  open: c,
  high: c + 0.5,
  low: c - 0.5,
  close: c,
  volume: 1000,
}));

describe('a steady uptrend ending in a jump rates strong buy', () => {
  const s = toOhlcvSeries(bars);
  if (!s.ok) throw new Error(s.error.message);
  const r = computeTechnicalRating(s.value);
  if (!r.ok) throw new Error(r.error.message);
  const { movingAverages: ma, oscillators: osc, overall } = r.value;
  const vote = (id: string) => osc.votes.find((v) => v.id === id)!.vote;

  it('every average is below 368, the highest close, so the 14 averages buy; Ichimoku needs the close below its base line: neutral; 14/15', () => {
    expect(ma.buy).toBe(14);
    expect(ma.votes.find((v) => v.id === 'ichimoku')!.vote).toBe(0);
    expect(ma.score).toBeCloseTo(14 / 15, 15);
  });

  it('momentum rises from 347 − 337 = 10 to 368 − 339 = 29: buy', () => {
    expect(vote('momentum_10')).toBe(1);
  });

  it('Ultimate Oscillator: before the jump BP 1 and TR 1.5 a bar; with it avg₇ 26/29.5, avg₁₄ 33/40, avg₂₈ 47/61 → 84.9 > 70: buy', () => {
    // BP = close − min(low, prevClose) = 1; TR = max(high, prevClose) − min(low, prevClose) = 1.5; the jump: BP 20, TR 20.5.
    expect((100 * (4 * (26 / 29.5) + 2 * (33 / 40) + 47 / 61)) / 7).toBeGreaterThan(70);
    expect(vote('ultimate_oscillator')).toBe(1);
  });

  it('no oscillator sells: lows only rise (−DI 0, no DI cross), RSI stays 100 (not falling), %R and CCI rise at the jump, and the trend filters are up', () => {
    expect(osc.sell).toBe(0);
  });

  it('oscillators ≥ 2/11, so overall ≥ (14/15 + 2/11)/2 = 0.558 > 0.5: strong buy', () => {
    expect(osc.score).toBeGreaterThanOrEqual(2 / 11);
    expect(overall.score).toBeGreaterThan(0.5);
    expect(overall.label).toBe('strong_buy');
  });
});
