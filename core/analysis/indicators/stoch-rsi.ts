import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import { rsi } from './rsi.ts';
import type { OhlcvSeries } from './series.ts';
import { type StochasticLines, stochastic } from './stochastic.ts';

/**
 * Stochastic RSI (14, 14, 3, 3): the slow stochastic of the RSI, the RSI serving as high, low and close.
 * %K = SMA(100·(RSI − min RSI)/(max RSI − min RSI), kSmoothing), %D = SMA(%K, dPeriod), both in percent.
 */
export function stochRsi(close: Float64Array, rsiPeriod = 14, stochPeriod = 14, kSmoothing = 3, dPeriod = 3): StochasticLines {
  const r = rsi(close, rsiPeriod);
  return stochastic(r, r, r, stochPeriod, kSmoothing, dPeriod);
}

/** Bars until the first %D: the RSI's period + 1, then the stochastic's period + kSmoothing + dPeriod − 3 more. */
export function computeStochRsi(series: OhlcvSeries, rsiPeriod = 14, stochPeriod = 14, kSmoothing = 3, dPeriod = 3): EngineResult<StochasticLines> {
  const needed = rsiPeriod + stochPeriod + kSmoothing + dPeriod - 2;
  const gate = requireWindows(series.close.length, { rsiPeriod, stochPeriod, kSmoothing, dPeriod }, needed);
  return gate.ok ? ok(stochRsi(series.close, rsiPeriod, stochPeriod, kSmoothing, dPeriod)) : gate;
}
