import { SD } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SYMBOLS, loadDailyFixture } from './fixtures/load-daily-fixture.ts';
import { stdev } from './rolling-deviation.ts';
import { toOhlcvSeries } from './series.ts';
import { computeVolatility, rollingVolatility, toLogReturns } from './volatility.ts';

/*
 * Closes 100, 110, 99, 108.9: log returns a = ln 1.1, b = ln 0.9, a.
 *   mean m = (2a + b)/3, so a − m = (a − b)/3 and b − m = −2(a − b)/3
 *   Σ(r − m)² = 2(a − b)²/9 + 4(a − b)²/9 = 2(a − b)²/3; sample variance (÷ 2) = (a − b)²/3
 *   daily σ = (a − b)/√3 = ln(11/9)/√3 ≈ 0.200671/1.732051 ≈ 0.115857
 *   annualised = 0.115857 · √252 ≈ 0.115857 · 15.874508 ≈ 1.839177 (a fraction: 183.9% a year)
 */
describe('volatility of 100, 110, 99, 108.9', () => {
  const close = Float64Array.from([100, 110, 99, 108.9]);
  const daily = Math.log(11 / 9) / Math.sqrt(3);

  it('log returns: NaN, ln 1.1, ln 0.9, ln 1.1', () => {
    const r = toLogReturns(close);
    expect(Number.isNaN(r[0]!)).toBe(true);
    expect(r[1]).toBeCloseTo(Math.log(1.1), 14);
    expect(r[2]).toBeCloseTo(Math.log(0.9), 14);
    expect(r[3]).toBeCloseTo(Math.log(1.1), 12);
  });

  it('3-return window: sample σ ln(11/9)/√3 ≈ 0.115857, annualised ≈ 1.839177, first at index 3', () => {
    const v = rollingVolatility(close, 3);
    expect(Number.isNaN(v[2]!)).toBe(true);
    expect(v[3]).toBeCloseTo(daily * Math.sqrt(252), 12);
    expect(v[3]).toBeCloseTo(1.839177, 5);
  });

  it('stdev with ddof 0 (population) of 2, 4, 6 is √(8/3); with ddof 1 (sample) it is √(8/2) = 2', () => {
    expect(stdev(Float64Array.from([2, 4, 6]), 3)[2]).toBeCloseTo(Math.sqrt(8 / 3), 12);
    expect(stdev(Float64Array.from([2, 4, 6]), 3, 1)[2]).toBeCloseTo(2, 12);
  });

  it('computeVolatility over 3 returns serves the same figure, and refuses fewer than period + 1 closes', () => {
    const s = toOhlcvSeries([...close].map((c, i) => ({ date: `2024-01-0${i + 1}`, open: c, high: c, low: c, close: c, volume: 1 })));
    if (!s.ok) throw new Error('fixture');
    expect(computeVolatility(s.value, 3)).toMatchObject({ ok: true, value: { returns: 3 } });
    const r = computeVolatility(s.value, 3);
    expect(r.ok && r.value.daily).toBeCloseTo(daily, 12);
    expect(computeVolatility(s.value)).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 253, got: 4 } });
    expect(computeVolatility(s.value, 1)).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
  });
});

describe.each(FIXTURE_SYMBOLS)('%s one-year volatility on real closes', (symbol) => {
  const s = loadDailyFixture(symbol);
  const ours = rollingVolatility(s.close, 252);

  it('equals technicalindicators SD (population) of the log returns × √(252/251) × √252', () => {
    // the package's SD divides by n; the sample σ divides by n − 1, hence the factor √(n/(n − 1)).
    // Its window iterator stops at a value of exactly 0 (an unchanged close), so it is fed 1 + r:
    // σ does not change when every value is shifted by the same amount.
    const returns = [...toLogReturns(s.close)].slice(1).map((r) => 1 + r);
    const oracle = SD.calculate({ period: 252, values: returns }).map((sd) => sd * Math.sqrt(252 / 251) * Math.sqrt(252));
    const offset = ours.length - oracle.length;
    expect(offset).toBe(252);
    let worst = 0;
    for (const [k, v] of oracle.entries()) worst = Math.max(worst, Math.abs(ours[offset + k]! - v));
    expect(worst).toBeLessThan(1e-9);
  });

  it('is a plausible annual fraction for a large-cap (between 5% and 80%)', () => {
    const r = computeVolatility(s);
    expect(r.ok && r.value.annualised).toBeGreaterThan(0.05);
    expect(r.ok && r.value.annualised).toBeLessThan(0.8);
  });
});
