import { describe, expect, it } from 'vitest';
import { loadDailyFixture } from './indicators/fixtures/load-daily-fixture.ts';
import { cci } from './indicators/cci.ts';
import { momentum } from './indicators/momentum.ts';
import { ema, sma } from './indicators/moving-averages.ts';
import { rsi } from './indicators/rsi.ts';
import { type OhlcvSeries, toOhlcvSeries } from './indicators/series.ts';
import { williamsR } from './indicators/williams-r.ts';
import { computeTechnicalRating, labelRatingScore, type RatingVote, type TechnicalRating } from './technical-rating.ts';

const aapl = loadDailyFixture('AAPL');

/** AAPL's first n bars: a listing n days old. */
function aaplFirst(n: number): OhlcvSeries {
  const cut = (c: Float64Array) => c.subarray(0, n);
  return { dates: aapl.dates.slice(0, n), open: cut(aapl.open), high: cut(aapl.high), low: cut(aapl.low), close: cut(aapl.close), volume: cut(aapl.volume) };
}

function rate(s: OhlcvSeries): TechnicalRating {
  const r = computeTechnicalRating(s);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const mean = (votes: RatingVote[]) => votes.reduce((a, v) => a + v.vote, 0) / votes.length;

describe('AAPL, five years of daily bars', () => {
  const s = aaplFirst(1254);
  const r = rate(s);
  const last = s.close.length - 1;

  it('rates the last bar with all 15 moving averages and all 11 oscillators voting', () => {
    expect(r.date).toBe(aapl.dates[last]);
    expect(r.close).toBe(aapl.close[last]);
    expect(r.movingAverages.votes).toHaveLength(15);
    expect(r.oscillators.votes).toHaveLength(11);
    expect(r.movingAverages.omitted).toEqual([]);
    expect(r.oscillators.omitted).toEqual([]);
  });

  it('each SMA/EMA vote shows the average it read, equal to the kernel on the closes, and votes the sign of close − average', () => {
    for (const p of [10, 20, 30, 50, 100, 200]) {
      for (const [id, line] of [
        [`sma_${p}`, sma(s.close, p)],
        [`ema_${p}`, ema(s.close, p)],
      ] as const) {
        const v = r.movingAverages.votes.find((x) => x.id === id)!;
        expect(v.inputs).toEqual({ close: s.close[last], average: line[last] });
        expect(v.vote).toBe(Math.sign(s.close[last]! - line[last]!));
        expect(v.rule).toMatch(/below the close/);
      }
    }
  });

  it('oscillator votes show the last two values of their kernels: RSI, CCI, Williams %R, Momentum', () => {
    const lines = {
      rsi_14: ['rsi', rsi(s.close, 14)],
      cci_20: ['cci', cci(s.close, 20)],
      williams_r_14: ['williamsR', williamsR(s.high, s.low, s.close, 14)],
      momentum_10: ['momentum', momentum(s.close, 10)],
    } as const;
    for (const [id, [key, line]] of Object.entries(lines)) {
      const v = r.oscillators.votes.find((x) => x.id === id)!;
      expect(v.inputs).toEqual({ [key]: line[last], [`${key}Prev`]: line[last - 1] });
    }
  });

  it('group scores are the means of their votes, counts add up, overall is the mean of the two groups, labels follow the scores', () => {
    for (const g of [r.movingAverages, r.oscillators]) {
      expect(g.score).toBeCloseTo(mean(g.votes), 15);
      expect(g.buy + g.neutral + g.sell).toBe(g.votes.length);
      expect(g.buy).toBe(g.votes.filter((v) => v.vote === 1).length);
      expect(g.label).toBe(labelRatingScore(g.score));
    }
    expect(r.overall.score).toBeCloseTo((r.movingAverages.score + r.oscillators.score) / 2, 15);
    expect(r.overall.label).toBe(labelRatingScore(r.overall.score));
  });
});

describe('young listings: warming-up moving averages are omitted, too few bars refuse', () => {
  it('120 bars: SMA 200 and EMA 200 are omitted (need 200, have 120) and the MA score divides by the 13 votes cast', () => {
    const r = rate(aaplFirst(120));
    expect(r.movingAverages.omitted.map((o) => [o.id, o.needed, o.got])).toEqual([
      ['sma_200', 200, 120],
      ['ema_200', 200, 120],
    ]);
    expect(r.movingAverages.votes).toHaveLength(13);
    expect(r.movingAverages.score).toBeCloseTo(mean(r.movingAverages.votes), 15);
  });

  it.each([
    ['sma_200', 200],
    ['ema_200', 200],
    ['sma_100', 100],
    ['ichimoku', 52],
  ])('%s votes from exactly %d bars, not one fewer', (id, needed) => {
    expect(rate(aaplFirst(needed)).movingAverages.votes.some((v) => v.id === id)).toBe(true);
    expect(rate(aaplFirst(needed - 1)).movingAverages.omitted.find((o) => o.id === id)).toMatchObject({ needed, got: needed - 1 });
  });

  it('a VWMA window that traded nothing has no value: the vote is omitted as no_value, not as too few bars', () => {
    const s = aaplFirst(60);
    const bars = s.dates.map((date, i) => ({
      date,
      open: s.open[i]!,
      high: s.high[i]!,
      low: s.low[i]!,
      close: s.close[i]!,
      volume: i >= 40 ? 0 : s.volume[i]!,
    }));
    const quiet = toOhlcvSeries(bars);
    if (!quiet.ok) throw new Error(quiet.error.message);
    expect(rate(quiet.value).movingAverages.omitted).toEqual([
      { id: 'sma_100', name: 'SMA (100)', group: 'moving_averages', reason: 'too_few_bars', needed: 100, got: 60 },
      { id: 'sma_200', name: 'SMA (200)', group: 'moving_averages', reason: 'too_few_bars', needed: 200, got: 60 },
      { id: 'ema_100', name: 'EMA (100)', group: 'moving_averages', reason: 'too_few_bars', needed: 100, got: 60 },
      { id: 'ema_200', name: 'EMA (200)', group: 'moving_averages', reason: 'too_few_bars', needed: 200, got: 60 },
      { id: 'vwma_20', name: 'VWMA (20)', group: 'moving_averages', reason: 'no_value', needed: 20, got: 60 },
    ]);
  });

  it('50 bars: every oscillator votes; 49 bars: the rating refuses, saying it needs 50', () => {
    const r = rate(aaplFirst(50));
    expect(r.oscillators.votes).toHaveLength(11);
    expect(r.oscillators.votes.every((v) => Object.values(v.inputs).every(Number.isFinite))).toBe(true);
    expect(computeTechnicalRating(aaplFirst(49))).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 50, got: 49 } });
  });
});
