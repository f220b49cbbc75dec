import { describe, expect, it } from 'vitest';
import type { EngineResult } from '../result.ts';
import { computeBetaCorrelation } from './beta-correlation.ts';
import { computeBollinger } from './bollinger.ts';
import { loadDailyFixture } from './fixtures/load-daily-fixture.ts';
import { computeHullMa } from './hull-ma.ts';
import { computeIchimoku } from './ichimoku.ts';
import { computeMacd } from './macd.ts';
import { computeMaxDrawdown } from './max-drawdown.ts';
import { type OhlcvSeries, toOhlcvSeries } from './series.ts';
import { computeSupportResistance } from './support-resistance.ts';
import { computeVolatility } from './volatility.ts';
import { computeVwma } from './vwma.ts';
import { computeWma } from './wma.ts';

/** The last `n` bars of a series. */
function tail(s: OhlcvSeries, n: number): OhlcvSeries {
  const from = s.close.length - n;
  return {
    dates: s.dates.slice(from),
    open: s.open.subarray(from),
    high: s.high.subarray(from),
    low: s.low.subarray(from),
    close: s.close.subarray(from),
    volume: s.volume.subarray(from),
  };
}

/** Every number in a result's value that a caller would serve at the last bar. */
function lastNumbers(value: unknown): number[] {
  if (value instanceof Float64Array) return [value.at(-1)!];
  if (typeof value === 'number') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(lastNumbers);
  return [];
}

const aapl = loadDailyFixture('AAPL');
const spy = loadDailyFixture('SPY');

/*
 * Default windows and the bars each needs before its last value exists:
 *   WMA 20 → 20; VWMA 20 → 20; Hull 9 → 9 + ⌊√9⌋ − 1 = 11; MACD → 26 + 9 − 1 = 34;
 *   Bollinger 20 → 20; Ichimoku → 52 + 26 − 1 = 77; volatility 252 returns → 253 closes;
 *   support/resistance lookback 5 → 11; max drawdown → 2
 */
const engines: [string, number, (s: OhlcvSeries) => EngineResult<unknown>][] = [
  ['WMA(20)', 20, (s) => computeWma(s, 20)],
  ['VWMA(20)', 20, (s) => computeVwma(s)],
  ['Hull MA(9)', 11, (s) => computeHullMa(s)],
  ['MACD(12, 26, 9)', 34, (s) => computeMacd(s)],
  ['Bollinger(20, 2)', 20, (s) => computeBollinger(s)],
  ['Ichimoku(9, 26, 52, 26)', 77, (s) => computeIchimoku(s)],
  ['volatility (252 returns)', 253, (s) => computeVolatility(s)],
  ['support/resistance (lookback 5)', 11, (s) => computeSupportResistance(s)],
  ['max drawdown', 2, (s) => computeMaxDrawdown(s)],
];

describe.each(engines)('%s on AAPL bars', (_name, needed, run) => {
  it(`serves only finite numbers at the last bar with exactly ${needed} bars`, () => {
    const r = run(tail(aapl, needed));
    if (!r.ok) throw new Error(r.error.message);
    // the lagging span alone is NaN at the last bar by construction (it plots a close 25 bars ahead)
    const served = r.value instanceof Float64Array ? r.value : { ...(r.value as object), lagging: undefined };
    const numbers = lastNumbers(served);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every(Number.isFinite)).toBe(true);
  });

  it(`refuses ${needed - 1} bars as series_too_short, saying it needs ${needed}`, () => {
    expect(run(tail(aapl, needed - 1))).toMatchObject({ ok: false, error: { code: 'series_too_short', needed, got: needed - 1 } });
  });
});

describe('beta and correlation against SPY', () => {
  it('serves finite numbers with 253 common dates and refuses 252 (252 returns needed)', () => {
    const r = computeBetaCorrelation(tail(aapl, 253), spy);
    expect(r.ok && [r.value.beta, r.value.correlation].every(Number.isFinite)).toBe(true);
    expect(computeBetaCorrelation(tail(aapl, 252), spy)).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 252, got: 251 } });
  });
});

describe('NaN and non-positive prices never reach an engine', () => {
  it('the bars are refused when the columns are built, naming the field and the bar', () => {
    const bar = (date: string, close: number) => ({ date, open: 10, high: 11, low: 9, close, volume: 100 });
    expect(toOhlcvSeries([bar('2024-01-01', 10), bar('2024-01-02', Number.NaN)])).toMatchObject({
      ok: false,
      error: { code: 'invalid_value', input: 'close', index: 1 },
    });
    expect(toOhlcvSeries([bar('2024-01-01', 0)])).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'close', index: 0 } });
  });
});
