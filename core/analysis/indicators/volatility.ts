import { type EngineResult, fail, ok } from '../result.ts';
import { fillRollingBands } from './rolling-deviation.ts';
import type { OhlcvSeries } from './series.ts';
import { requireWindows } from './window-checks.ts';

/** Trading days in a year: the √252 that annualises a daily standard deviation. */
export const TRADING_DAYS_PER_YEAR = 252;

/** ln(close_i / close_{i−1}); NaN at index 0 (no previous close). */
export function toLogReturns(close: Float64Array): Float64Array {
  const out = new Float64Array(close.length);
  out[0] = Number.NaN;
  for (let i = 1; i < close.length; i++) out[i] = Math.log(close[i]! / close[i - 1]!);
  return out;
}

/**
 * Annualised volatility as a FRACTION (0.2692 = 26.92%): the SAMPLE standard deviation (n − 1) of the
 * last `period` daily log returns, times √periodsPerYear. A value at bar i uses returns i − period + 1 … i,
 * so the first value is at index `period` (the first return is at index 1).
 */
export function rollingVolatility(close: Float64Array, period: number, periodsPerYear = TRADING_DAYS_PER_YEAR): Float64Array {
  const out = new Float64Array(close.length);
  fillRollingBands(toLogReturns(close), period, 1, 0, Math.sqrt(periodsPerYear), out, out, out);
  return out;
}

export interface Volatility {
  /** Fraction per year (0.2692 = 26.92%). */
  annualised: number;
  /** Fraction per trading day. */
  daily: number;
  /** Log returns used. */
  returns: number;
}

/** Volatility over the last `period` daily returns (a year by default); needs period + 1 closes and period ≥ 2. */
export function computeVolatility(series: OhlcvSeries, period = TRADING_DAYS_PER_YEAR): EngineResult<Volatility> {
  if (period < 2) return fail('invalid_parameter', 'period', `a sample standard deviation needs at least 2 returns, got ${period}`);
  const gate = requireWindows(series.close.length, { period }, period + 1);
  if (!gate.ok) return gate;
  const annualised = rollingVolatility(series.close, period).at(-1)!;
  return ok({ annualised, daily: annualised / Math.sqrt(TRADING_DAYS_PER_YEAR), returns: period });
}
