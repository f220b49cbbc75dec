import { describe, expect, it } from 'vitest';
import { stochRsi } from './stoch-rsi.ts';

describe('Stochastic RSI (RSI 2, stochastic 3, %K 2, %D 2) over closes 10, 11, 10, 12, 11, 13', () => {
  // Changes +1, −1, +2, −1, +2. RSI(2): i=2 gain (1+0)/2 = 0.5, loss (0+1)/2 = 0.5 → 50;
  // i=3 gain (0.5 + 2)/2 = 1.25, loss 0.5/2 = 0.25 → RS 5 → 100 − 100/6 = 83.33;
  // i=4 gain 1.25/2 = 0.625, loss (0.25 + 1)/2 = 0.625 → 50;
  // i=5 gain (0.625 + 2)/2 = 1.3125, loss 0.3125 → RS 4.2 → 100 − 100/5.2 = 80.77.
  const { k, d } = stochRsi(Float64Array.from([10, 11, 10, 12, 11, 13]), 2, 3, 2, 2);

  it('fast value: i=4 window [50, 83.33, 50] → RSI at the minimum → 0; i=5 window [83.33, 50, 80.77] → (80.77 − 50)/33.33 = 12/13', () => {
    // %K(2) at i=5 = (0 + 1200/13)/2 = 600/13 = 46.15.
    expect(Number.isNaN(k[4]!)).toBe(true);
    expect(k[5]).toBeCloseTo(600 / 13, 10);
  });

  it('%D needs one more bar than this series has', () => {
    expect(d.every(Number.isNaN)).toBe(true);
  });
});
