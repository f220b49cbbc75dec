import { BollingerBands, EMA, IchimokuCloud, MACD, WMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { bollinger } from './bollinger.ts';
import { FIXTURE_SYMBOLS, loadDailyFixture } from './fixtures/load-daily-fixture.ts';
import { hullMa } from './hull-ma.ts';
import { ichimoku } from './ichimoku.ts';
import { macd } from './macd.ts';
import { vwma } from './vwma.ts';
import { wma } from './wma.ts';

/*
 * Oracle: the `technicalindicators` package on the fixture's real daily bars (1,254 per symbol).
 * The oracle returns only the defined values (a shortened array); ours keeps the input length with NaN
 * during warm-up, so the oracle's k-th value is compared with ours at index n − oracle.length + k.
 */
const TOLERANCE = 1e-9;

/** Largest relative difference (absolute below 1) between our tail and the oracle's values. */
function worstDifference(ours: Float64Array, oracle: readonly number[], shift = 0): number {
  const offset = ours.length - oracle.length - shift;
  let worst = 0;
  oracle.forEach((v, k) => {
    const x = ours[offset + k]!;
    worst = Math.max(worst, Number.isNaN(x) ? Number.POSITIVE_INFINITY : Math.abs(x - v) / Math.max(1, Math.abs(v)));
  });
  return worst;
}

/** Leading NaN count: the first index with a value. */
const firstValueAt = (xs: Float64Array) => xs.findIndex((x) => !Number.isNaN(x));

describe.each(FIXTURE_SYMBOLS)('%s daily closes', (symbol) => {
  const s = loadDailyFixture(symbol);
  const values = [...s.close];

  it.each([9, 10, 20, 30, 100])('WMA(%i) equals technicalindicators WMA', (period) => {
    const ours = wma(s.close, period);
    const oracle = WMA.calculate({ period, values });
    expect(firstValueAt(ours)).toBe(period - 1);
    expect(worstDifference(ours, oracle)).toBeLessThan(TOLERANCE);
  });

  it('Hull MA(9) equals WMA(2·WMA(4) − WMA(9), 3) built from technicalindicators WMA', () => {
    // the package has no Hull MA; its WMA composes one (⌊9/2⌋ = 4, ⌊√9⌋ = 3)
    const half = WMA.calculate({ period: 4, values });
    const full = WMA.calculate({ period: 9, values });
    const diff = full.map((f, k) => 2 * half[k + 5]! - f); // half starts 9 − 4 = 5 values earlier
    const oracle = WMA.calculate({ period: 3, values: diff });
    const ours = hullMa(s.close, 9);
    expect(firstValueAt(ours)).toBe(9 + 3 - 2);
    expect(worstDifference(ours, oracle)).toBeLessThan(TOLERANCE);
  });

  it('VWMA(20) equals a direct Σ close·volume / Σ volume per window (the package has no VWMA)', () => {
    const ours = vwma(s.close, s.volume, 20);
    const direct: number[] = [];
    for (let i = 19; i < values.length; i++) {
      let pv = 0;
      let v = 0;
      for (let j = i - 19; j <= i; j++) {
        pv += s.close[j]! * s.volume[j]!;
        v += s.volume[j]!;
      }
      direct.push(pv / v);
    }
    expect(worstDifference(ours, direct)).toBeLessThan(TOLERANCE);
  });

  it('MACD(12, 26, 9) equals technicalindicators MACD with exponential oscillator and signal', () => {
    const ours = macd(s.close, 12, 26, 9);
    const oracle = MACD.calculate({ values, fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, SimpleMAOscillator: false, SimpleMASignal: false });
    expect(firstValueAt(ours.macd)).toBe(25);
    expect(
      worstDifference(
        ours.macd,
        oracle.map((o) => o.MACD!),
      ),
    ).toBeLessThan(TOLERANCE);
    const withSignal = oracle.filter((o) => o.signal !== undefined);
    expect(firstValueAt(ours.signal)).toBe(25 + 8);
    expect(
      worstDifference(
        ours.signal,
        withSignal.map((o) => o.signal!),
      ),
    ).toBeLessThan(TOLERANCE);
    expect(
      worstDifference(
        ours.histogram,
        withSignal.map((o) => o.histogram!),
      ),
    ).toBeLessThan(TOLERANCE);
    // and the fast line is the package's EMA(12) minus its EMA(26), so the seeding matches too
    const e12 = EMA.calculate({ period: 12, values });
    const e26 = EMA.calculate({ period: 26, values });
    expect(
      worstDifference(
        ours.macd,
        e26.map((v, k) => e12[k + 14]! - v),
      ),
    ).toBeLessThan(TOLERANCE);
  });

  it('Bollinger(20, 2) equals technicalindicators BollingerBands (both population σ)', () => {
    const ours = bollinger(s.close, 20, 2);
    const oracle = BollingerBands.calculate({ period: 20, stdDev: 2, values });
    expect(firstValueAt(ours.middle)).toBe(19);
    expect(
      worstDifference(
        ours.middle,
        oracle.map((o) => o.middle),
      ),
    ).toBeLessThan(TOLERANCE);
    expect(
      worstDifference(
        ours.upper,
        oracle.map((o) => o.upper),
      ),
    ).toBeLessThan(TOLERANCE);
    expect(
      worstDifference(
        ours.lower,
        oracle.map((o) => o.lower),
      ),
    ).toBeLessThan(TOLERANCE);
  });

  it('Ichimoku(9, 26, 52, 26) equals technicalindicators IchimokuCloud, spans shifted forward 25 bars', () => {
    const ours = ichimoku(s.high, s.low, s.close);
    const oracle = IchimokuCloud.calculate({ high: [...s.high], low: [...s.low], conversionPeriod: 9, basePeriod: 26, spanPeriod: 52, displacement: 26 });
    // the package starts every line at bar 51 (its longest window) and does not displace the spans
    expect(oracle.length).toBe(values.length - 51);
    expect(
      worstDifference(
        ours.conversion,
        oracle.map((o) => o.conversion),
      ),
    ).toBeLessThan(TOLERANCE);
    expect(
      worstDifference(
        ours.base,
        oracle.map((o) => o.base),
      ),
    ).toBeLessThan(TOLERANCE);
    // ours is plotted 25 bars later, so the oracle's last 25 spans lie beyond our last bar
    const shown = oracle.slice(0, oracle.length - 25);
    expect(
      worstDifference(
        ours.spanA,
        shown.map((o) => o.spanA),
      ),
    ).toBeLessThan(TOLERANCE);
    expect(
      worstDifference(
        ours.spanB,
        shown.map((o) => o.spanB),
      ),
    ).toBeLessThan(TOLERANCE);
    expect(firstValueAt(ours.spanB)).toBe(51 + 25);
    expect(ours.lagging[0]).toBe(s.close[25]);
  });
});
