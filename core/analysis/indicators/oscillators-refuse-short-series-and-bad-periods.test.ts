import { describe, expect, it } from 'vitest';
import { computeAdx } from './adx.ts';
import { computeAtr } from './atr.ts';
import { computeAwesomeOscillator } from './awesome-oscillator.ts';
import { computeBullBearPower } from './bull-bear-power.ts';
import { computeCci } from './cci.ts';
import { computeMomentum } from './momentum.ts';
import { computeObv } from './obv.ts';
import { computeRsi } from './rsi.ts';
import { type OhlcvSeries, toOhlcvSeries } from './series.ts';
import { computeStochRsi } from './stoch-rsi.ts';
import { computeStochastic } from './stochastic.ts';
import { computeUltimateOscillator } from './ultimate-oscillator.ts';
import { computeWilliamsR } from './williams-r.ts';

/** n made-up bars on consecutive days from 2024-01-01, with ranges that vary so nothing divides by zero. */
function barsOf(n: number): OhlcvSeries {
  const bars = Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
    open: 100 + i,
    high: 102 + i + (i % 3),
    low: 99 + i - (i % 2),
    close: 99.5 + i + (i % 4),
    volume: 1000 + i,
  }));
  const s = toOhlcvSeries(bars);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

// [name, checked call, bars for its first value]
const cases: [string, (s: OhlcvSeries) => { ok: boolean }, number][] = [
  ['RSI 14: 14 changes need 15 bars', (s) => computeRsi(s), 15],
  ['Stochastic 14/3/3: %D at index 13 + 2 + 2', (s) => computeStochastic(s), 18],
  ['Stochastic RSI 14/14/3/3: RSI at 14, raw at 27, %K at 29, %D at 31', (s) => computeStochRsi(s), 32],
  ['ATR 14', (s) => computeAtr(s), 14],
  ['ADX 14: DI at 14, ADX at 27', (s) => computeAdx(s), 28],
  ['CCI 20', (s) => computeCci(s), 20],
  ['Williams %R 14', (s) => computeWilliamsR(s), 14],
  ['Awesome Oscillator 5/34', (s) => computeAwesomeOscillator(s), 34],
  ['Momentum 10: a close 10 bars back', (s) => computeMomentum(s), 11],
  ['Bull/Bear Power 13', (s) => computeBullBearPower(s), 13],
  ['Ultimate Oscillator 7/14/28: 28 ranges from bar 1', (s) => computeUltimateOscillator(s), 29],
  ['OBV', (s) => computeObv(s), 1],
];

describe.each(cases)('%s', (_name, compute, needed) => {
  it(`refuses ${needed - 1} bars as series_too_short and serves ${needed} with a finite last value`, () => {
    const short = compute(barsOf(needed - 1)) as { ok: false; error: { code: string; needed: number; got: number } };
    expect(short.ok).toBe(false);
    expect(short.error).toMatchObject({ code: 'series_too_short', needed, got: needed - 1 });
    const enough = compute(barsOf(needed)) as { ok: true; value: Float64Array | Record<string, Float64Array> };
    expect(enough.ok).toBe(true);
    const lines = enough.value instanceof Float64Array ? [enough.value] : Object.values(enough.value);
    for (const line of lines) expect(Number.isFinite(line[needed - 1]!)).toBe(true);
  });
});

describe('bad periods are invalid_parameter naming the parameter', () => {
  const s = barsOf(60);
  it('RSI period 0, Stochastic %D 2.5, Ultimate Oscillator medium −1', () => {
    expect(computeRsi(s, 0)).toMatchObject({ ok: false, error: { code: 'invalid_parameter', input: 'period' } });
    expect(computeStochastic(s, 14, 3, 2.5)).toMatchObject({ ok: false, error: { code: 'invalid_parameter', input: 'dPeriod' } });
    expect(computeUltimateOscillator(s, 7, -1, 28)).toMatchObject({ ok: false, error: { code: 'invalid_parameter', input: 'medium' } });
  });
});
