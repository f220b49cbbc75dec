import { ADX, ATR, AverageGain, AverageLoss, AwesomeOscillator, CCI, EMA, SMA, OBV, ROC, RSI, Stochastic, StochasticRSI, WilliamsR } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { adx } from './adx.ts';
import { atr, trueRange } from './atr.ts';
import { awesomeOscillator } from './awesome-oscillator.ts';
import { bullBearPower } from './bull-bear-power.ts';
import { cci, typicalPrice } from './cci.ts';
import { FIXTURE_SYMBOLS, loadDailyFixture } from './fixtures/load-daily-fixture.ts';
import { momentum } from './momentum.ts';
import { rma } from './moving-averages.ts';
import { obv } from './obv.ts';
import { rsi } from './rsi.ts';
import type { OhlcvSeries } from './series.ts';
import { stochRsi } from './stoch-rsi.ts';
import { fastStochastic, stochastic } from './stochastic.ts';
import { ultimateOscillator } from './ultimate-oscillator.ts';
import { williamsR } from './williams-r.ts';

/*
 * The oracle drops its warm-up, so its j-th output is our index n − oracle.length + j. Where its
 * convention differs (RSI rounded to 2 decimals, ATR seeding, Stochastic's raw %K) the test says how
 * and compares what does match.
 */
const identity = (v: number) => v;
/**
 * Our tail equals the oracle's values to `tolerance`; unless `warmUpMayDiffer`, our warm-up (NaN) is
 * exactly as long as the part the oracle dropped.
 */
function expectTailEqual(ours: Float64Array, oracle: number[], tolerance = 1e-9, warmUpMayDiffer = false) {
  const offset = ours.length - oracle.length;
  expect(oracle.length).toBeGreaterThan(1000);
  if (!warmUpMayDiffer) for (let i = 0; i < offset; i++) expect(ours[i]).toBeNaN();
  let worst = 0;
  for (let j = 0; j < oracle.length; j++) worst = Math.max(worst, Math.abs(ours[offset + j]! - oracle[j]!));
  expect(worst).toBeLessThanOrEqual(tolerance);
}

const plain = (s: OhlcvSeries) => ({ high: [...s.high], low: [...s.low], close: [...s.close], volume: [...s.volume] });

describe.each(FIXTURE_SYMBOLS)('%s daily closes: oscillators equal technicalindicators', (symbol) => {
  const s = loadDailyFixture(symbol);
  const p = plain(s);

  it('RSI 14: equal to 1e-9 when rebuilt from its unrounded average gain and loss; its RSI class rounds to 2 decimals', () => {
    const gain = new AverageGain({ values: p.close, period: 14, format: identity }).getResult();
    const loss = new AverageLoss({ values: p.close, period: 14, format: identity }).getResult();
    const rebuilt = gain.map((g: number, i: number) => (loss[i] === 0 ? 100 : g === 0 ? 0 : 100 - 100 / (1 + g / loss[i]!)));
    const ours = rsi(s.close, 14);
    expectTailEqual(ours, rebuilt);
    expectTailEqual(ours, RSI.calculate({ values: p.close, period: 14 }), 0.005);
  });

  it('Stochastic 14/3/3: its k is our fast %K, its d (SMA 3 of it) our smoothed %K; our %D is one more SMA 3', () => {
    const oracle = Stochastic.calculate({ high: p.high, low: p.low, close: p.close, period: 14, signalPeriod: 3 });
    expectTailEqual(
      fastStochastic(s.high, s.low, s.close, 14),
      oracle.map((o) => o.k),
    );
    const { k, d } = stochastic(s.high, s.low, s.close, 14, 3, 3);
    expectTailEqual(
      k,
      oracle.slice(2).map((o) => o.d!),
    );
    expectTailEqual(d, SMA.calculate({ values: oracle.slice(2).map((o) => o.d!), period: 3 }));
  });

  it('Stochastic RSI 14/14/3/3: equal to 1e-9 when its Stochastic gets our RSI; its own StochasticRSI, on 2-decimal RSI, within 0.2', () => {
    const r = rsi(s.close, 14);
    const rs = [...r.subarray(14)];
    const oracle = Stochastic.calculate({ high: rs, low: rs, close: rs, period: 14, signalPeriod: 3 });
    const { k, d } = stochRsi(s.close, 14, 14, 3, 3);
    expectTailEqual(
      k,
      oracle.slice(2).map((o) => o.d!),
    );
    const full = StochasticRSI.calculate({ values: p.close, rsiPeriod: 14, stochasticPeriod: 14, kPeriod: 3, dPeriod: 3 });
    // Its rows start where its %D does, two bars after our %K.
    expectTailEqual(
      k,
      full.map((o) => o.k),
      0.2,
      true,
    );
    expectTailEqual(
      d,
      full.map((o) => o.d),
      0.2,
    );
  });

  it('Williams %R 14', () => {
    expectTailEqual(williamsR(s.high, s.low, s.close, 14), WilliamsR.calculate({ high: p.high, low: p.low, close: p.close, period: 14 }));
  });

  it('ATR 14: it skips the first bar’s range, so it equals Wilder’s average of our true range from bar 1; ours (from bar 0) converges to it', () => {
    const oracle = ATR.calculate({ high: p.high, low: p.low, close: p.close, period: 14, format: identity });
    expectTailEqual(rma(trueRange(s.high, s.low, s.close).subarray(1), 14), oracle);
    const ours = atr(s.high, s.low, s.close, 14);
    expect(Math.abs(ours[14]! - oracle[0]!)).toBeGreaterThan(0);
    // The seeds differ by less than the price range; (13/14)^400 ≈ 1.3e-13 of that after 400 bars.
    for (let i = 400; i < ours.length; i++) expect(Math.abs(ours[i]! - oracle[i - 14]!)).toBeLessThan(1e-9);
  });

  it('ADX 14 with +DI and −DI', () => {
    const oracle = ADX.calculate({ high: p.high, low: p.low, close: p.close, period: 14 });
    const ours = adx(s.high, s.low, s.close, 14);
    expectTailEqual(
      ours.adx,
      oracle.map((o) => o.adx),
    );
    const offset = s.close.length - oracle.length;
    for (let j = 0; j < oracle.length; j++) {
      expect(ours.plusDi[offset + j]).toBeCloseTo(oracle[j]!.pdi, 9);
      expect(ours.minusDi[offset + j]).toBeCloseTo(oracle[j]!.mdi, 9);
    }
  });

  it('CCI 20 of the typical price (its convention; the rating reads the close)', () => {
    expectTailEqual(cci(typicalPrice(s.high, s.low, s.close), 20), CCI.calculate({ high: p.high, low: p.low, close: p.close, period: 20 }));
  });

  it('Awesome Oscillator 5/34', () => {
    const oracle = AwesomeOscillator.calculate({ high: p.high, low: p.low, fastPeriod: 5, slowPeriod: 34, format: identity });
    expectTailEqual(awesomeOscillator(s.high, s.low, 5, 34), oracle);
  });

  it('Momentum 10: it has no momentum, so ROC 10 (percent) × the close 10 bars back / 100', () => {
    const roc = ROC.calculate({ values: p.close, period: 10 });
    const offset = s.close.length - roc.length;
    expectTailEqual(
      momentum(s.close, 10),
      roc.map((r, j) => (r * s.close[offset + j - 10]!) / 100),
    );
  });

  it('Bull/Bear Power 13: high and low minus its EMA 13', () => {
    const e = EMA.calculate({ values: p.close, period: 13 });
    const offset = s.close.length - e.length;
    const { bull, bear } = bullBearPower(s.high, s.low, s.close, 13);
    expectTailEqual(
      bull,
      e.map((v, j) => s.high[offset + j]! - v),
    );
    expectTailEqual(
      bear,
      e.map((v, j) => s.low[offset + j]! - v),
    );
  });

  it('Ultimate Oscillator 7/14/28: not in the oracle, so against the definition summed window by window', () => {
    const ours = ultimateOscillator(s.high, s.low, s.close, 7, 14, 28);
    const average = (i: number, w: number) => {
      let bp = 0;
      let tr = 0;
      for (let j = i - w + 1; j <= i; j++) {
        const floor = Math.min(s.low[j]!, s.close[j - 1]!);
        bp += s.close[j]! - floor;
        tr += Math.max(s.high[j]!, s.close[j - 1]!) - floor;
      }
      return bp / tr;
    };
    const brute = [];
    for (let i = 28; i < s.close.length; i++) brute.push((100 * (4 * average(i, 7) + 2 * average(i, 14) + average(i, 28))) / 7);
    expectTailEqual(ours, brute);
  });

  it('OBV: its series starts at bar 1 (from 0), ours at bar 0 with 0', () => {
    const ours = obv(s.close, s.volume);
    expect(ours[0]).toBe(0);
    const oracle = OBV.calculate({ close: p.close, volume: p.volume });
    expect(oracle).toHaveLength(s.close.length - 1);
    for (let j = 0; j < oracle.length; j++) expect(ours[j + 1]).toBe(oracle[j]);
  });
});
