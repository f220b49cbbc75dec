import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adx } from './adx.ts';
import { rsi } from './rsi.ts';
import { stochRsi } from './stoch-rsi.ts';
import { stochastic } from './stochastic.ts';
import { ultimateOscillator } from './ultimate-oscillator.ts';
import { williamsR } from './williams-r.ts';

/** Random daily bars: positive closes by random steps, high ≥ max(open, close), low ≤ min(open, close), low > 0. */
const bars = fc
  .array(
    fc.record({
      step: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
      up: fc.double({ min: 0, max: 0.05, noNaN: true }),
      down: fc.double({ min: 0, max: 0.05, noNaN: true }),
      flat: fc.boolean(),
    }),
    {
      minLength: 1,
      maxLength: 120,
    },
  )
  .map((rows) => {
    const n = rows.length;
    const high = new Float64Array(n);
    const low = new Float64Array(n);
    const close = new Float64Array(n);
    let price = 100;
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      // Some bars repeat the previous close exactly, so flat windows (zero ranges) are tried too.
      const next = r.flat ? price : price * (1 + r.step);
      high[i] = Math.max(price, next) * (1 + (r.flat ? 0 : r.up));
      low[i] = Math.min(price, next) * (1 - (r.flat ? 0 : r.down));
      close[i] = next;
      price = next;
    }
    return { high, low, close };
  });

const EPS = 1e-9; // running sums may overshoot a bound by a few ulps

/** NaN only as a leading warm-up, then every value finite and within [min, max]. */
function expectWarmUpThenWithin(values: Float64Array, min: number, max: number) {
  let i = 0;
  while (i < values.length && Number.isNaN(values[i]!)) i++;
  for (; i < values.length; i++) {
    expect(Number.isFinite(values[i]!)).toBe(true);
    expect(values[i]!).toBeGreaterThanOrEqual(min - EPS);
    expect(values[i]!).toBeLessThanOrEqual(max + EPS);
  }
}

describe('oscillators stay in their ranges on random bars, and are NaN only during warm-up', () => {
  it('RSI ∈ [0, 100]', () => {
    fc.assert(fc.property(bars, ({ close }) => expectWarmUpThenWithin(rsi(close, 14), 0, 100)));
  });

  it('Stochastic %K and %D ∈ [0, 100]', () => {
    fc.assert(
      fc.property(bars, ({ high, low, close }) => {
        const { k, d } = stochastic(high, low, close, 14, 3, 3);
        expectWarmUpThenWithin(k, 0, 100);
        expectWarmUpThenWithin(d, 0, 100);
      }),
    );
  });

  it('Stochastic RSI %K and %D ∈ [0, 100]', () => {
    fc.assert(
      fc.property(bars, ({ close }) => {
        const { k, d } = stochRsi(close, 14, 14, 3, 3);
        expectWarmUpThenWithin(k, 0, 100);
        expectWarmUpThenWithin(d, 0, 100);
      }),
    );
  });

  it('Williams %R ∈ [−100, 0]', () => {
    fc.assert(fc.property(bars, ({ high, low, close }) => expectWarmUpThenWithin(williamsR(high, low, close, 14), -100, 0)));
  });

  it('Ultimate Oscillator ∈ [0, 100]; ADX, +DI and −DI ∈ [0, 100]', () => {
    fc.assert(
      fc.property(bars, ({ high, low, close }) => {
        expectWarmUpThenWithin(ultimateOscillator(high, low, close, 7, 14, 28), 0, 100);
        const d = adx(high, low, close, 14);
        expectWarmUpThenWithin(d.adx, 0, 100);
        expectWarmUpThenWithin(d.plusDi, 0, 100);
        expectWarmUpThenWithin(d.minusDi, 0, 100);
      }),
    );
  });
});
