import { describe, expect, it } from 'vitest';
import {
  voteAdx,
  voteAwesomeOscillator,
  voteBullBearPower,
  voteDirection,
  voteIchimoku,
  voteMovingAverage,
  voteStochasticCross,
  voteStochRsi,
  voteTurningFromExtreme,
} from './technical-rating.ts';

describe('moving averages: the close against the average', () => {
  it('average 95 < close 100 buys; 105 > 100 sells; 100 = 100 is neutral', () => {
    expect(voteMovingAverage(100, 95)).toBe(1);
    expect(voteMovingAverage(100, 105)).toBe(-1);
    expect(voteMovingAverage(100, 100)).toBe(0);
  });
});

describe('Ichimoku (unshifted lead lines)', () => {
  // Buy: lead1 110 > lead2 100, close 112 > lead1, close < base 115, previous close 104 < conversion 108 < close.
  const buy = { close: 112, closePrev: 104, conversion: 108, base: 115, lead1: 110, lead2: 100 };
  it('a close crossing up through the conversion line, above a bullish cloud and below the base line, buys', () => {
    expect(voteIchimoku(buy)).toBe(1);
  });
  it('the same without the cross (previous close 109 already above conversion 108) is neutral', () => {
    expect(voteIchimoku({ ...buy, closePrev: 109 })).toBe(0);
  });
  it('the mirror image sells: lead2 110 > lead1 100, close 98 < lead2, close > base 95, previous 106 > conversion 102 > close', () => {
    expect(voteIchimoku({ close: 98, closePrev: 106, conversion: 102, base: 95, lead1: 100, lead2: 110 })).toBe(-1);
  });
});

describe('turning from an extreme: RSI 30/70, CCI −100/100, Williams %R −80/−20', () => {
  it('RSI 28 after 25 (below 30, rising) buys; 28 after 29 (falling) is neutral; 72 after 75 sells; 72 after 71 neutral', () => {
    expect(voteTurningFromExtreme(28, 25, 30, 70)).toBe(1);
    expect(voteTurningFromExtreme(28, 29, 30, 70)).toBe(0);
    expect(voteTurningFromExtreme(72, 75, 30, 70)).toBe(-1);
    expect(voteTurningFromExtreme(72, 71, 30, 70)).toBe(0);
  });
  it('exactly on the level is not beyond it: RSI 30 rising and CCI 100 falling are neutral', () => {
    expect(voteTurningFromExtreme(30, 20, 30, 70)).toBe(0);
    expect(voteTurningFromExtreme(100, 150, -100, 100)).toBe(0);
  });
  it('Williams %R −85 after −90 buys; −15 after −10 sells', () => {
    expect(voteTurningFromExtreme(-85, -90, -80, -20)).toBe(1);
    expect(voteTurningFromExtreme(-15, -10, -80, -20)).toBe(-1);
  });
});

describe('stochastic crosses at 20/80', () => {
  it('%K 15 crossing above %D 12 (previously 10 < 13) with both below 20 buys', () => {
    expect(voteStochasticCross({ k: 15, d: 12, kPrev: 10, dPrev: 13 })).toBe(1);
  });
  it('the same cross with %D at 21 is neutral (both must be below 20)', () => {
    expect(voteStochasticCross({ k: 25, d: 21, kPrev: 10, dPrev: 13 })).toBe(0);
  });
  it('%K 85 crossing below %D 88 (previously 90 > 87) with both above 80 sells', () => {
    expect(voteStochasticCross({ k: 85, d: 88, kPrev: 90, dPrev: 87 })).toBe(-1);
  });
});

describe('Stochastic RSI: the cross counts only against the trend (close vs EMA 50)', () => {
  const up = { k: 15, d: 12, kPrev: 10, dPrev: 13 };
  it('a bullish cross below 20 buys in a downtrend (close 95 < EMA 100), not in an uptrend (close 105)', () => {
    expect(voteStochRsi({ ...up, close: 95, trend: 100 })).toBe(1);
    expect(voteStochRsi({ ...up, close: 105, trend: 100 })).toBe(0);
  });
  it('a bearish cross above 80 sells in an uptrend, not in a downtrend', () => {
    const down = { k: 85, d: 88, kPrev: 90, dPrev: 87 };
    expect(voteStochRsi({ ...down, close: 105, trend: 100 })).toBe(-1);
    expect(voteStochRsi({ ...down, close: 95, trend: 100 })).toBe(0);
  });
});

describe('ADX: a DI cross in a trending market', () => {
  it('ADX 25 > 20 and +DI 22 crossing above −DI 18 (previously 17 < 19) buys; with ADX 15 it is neutral', () => {
    const x = { adx: 25, plusDi: 22, minusDi: 18, plusDiPrev: 17, minusDiPrev: 19 };
    expect(voteAdx(x)).toBe(1);
    expect(voteAdx({ ...x, adx: 15 })).toBe(0);
  });
  it('ADX 30 and +DI 15 crossing below −DI 25 (previously 21 > 20) sells', () => {
    expect(voteAdx({ adx: 30, plusDi: 15, minusDi: 25, plusDiPrev: 21, minusDiPrev: 20 })).toBe(-1);
  });
});

describe('Awesome Oscillator: a zero cross or a saucer', () => {
  it('0.5 after −0.2 crosses up and buys; −0.5 after 0 crosses down and sells', () => {
    expect(voteAwesomeOscillator(0.5, -0.2, -0.4)).toBe(1);
    expect(voteAwesomeOscillator(-0.5, 0, 0.3)).toBe(-1);
  });
  it('above zero, 1.2 after a dip to 1.0 from 1.5 is a bullish saucer; a steady rise 1.2, 1.0, 0.8 is not', () => {
    expect(voteAwesomeOscillator(1.2, 1.0, 1.5)).toBe(1);
    expect(voteAwesomeOscillator(1.2, 1.0, 0.8)).toBe(0);
  });
  it('below zero, −1.2 after −1.0 from −1.5 is a bearish saucer', () => {
    expect(voteAwesomeOscillator(-1.2, -1.0, -1.5)).toBe(-1);
  });
});

describe('Momentum: direction', () => {
  it('3 after 2 rising buys, 1 after 2 falling sells, unchanged is neutral', () => {
    expect(voteDirection(3, 2)).toBe(1);
    expect(voteDirection(1, 2)).toBe(-1);
    expect(voteDirection(2, 2)).toBe(0);
  });
});

describe('Bull Bear Power: against the EMA 50 trend', () => {
  it('uptrend (close 105 > 100) with Bear Power −1 rising from −2 buys', () => {
    expect(voteBullBearPower({ close: 105, trend: 100, bull: 3, bullPrev: 2, bear: -1, bearPrev: -2 })).toBe(1);
  });
  it('downtrend (close 95 < 100) with Bull Power 1 falling from 2 sells; the same in an uptrend is neutral', () => {
    const x = { bull: 1, bullPrev: 2, bear: -3, bearPrev: -2 };
    expect(voteBullBearPower({ ...x, close: 95, trend: 100 })).toBe(-1);
    expect(voteBullBearPower({ ...x, close: 105, trend: 100 })).toBe(0);
  });
});
