import { adx } from './indicators/adx.ts';
import { awesomeOscillator } from './indicators/awesome-oscillator.ts';
import { bullBearPower } from './indicators/bull-bear-power.ts';
import { cci } from './indicators/cci.ts';
import { hullMa, hullMaWarmUp } from './indicators/hull-ma.ts';
import { ichimoku } from './indicators/ichimoku.ts';
import { macd, macdWarmUp } from './indicators/macd.ts';
import { momentum } from './indicators/momentum.ts';
import { ema, sma } from './indicators/moving-averages.ts';
import { rsi } from './indicators/rsi.ts';
import type { OhlcvSeries } from './indicators/series.ts';
import { stochRsi } from './indicators/stoch-rsi.ts';
import { stochastic } from './indicators/stochastic.ts';
import { ultimateOscillator } from './indicators/ultimate-oscillator.ts';
import { vwma } from './indicators/vwma.ts';
import { williamsR } from './indicators/williams-r.ts';
import { type EngineResult, fail, ok } from './result.ts';

/*
 * A technical rating in the manner of TradingView's "Technical Ratings" (its built-in Pine script and Help
 * Center page; rules, sources and the choices made here are in docs/technical-rating.md). Fifteen moving
 * averages and eleven oscillators each vote −1 (sell), 0 (neutral) or +1 (buy) on the last bar; each group
 * scores the mean of its votes, the overall score is the mean of the two group scores, and every score
 * maps to a label at ±0.1 and ±0.5.
 */

export type Vote = -1 | 0 | 1;
type RatingGroupId = 'moving_averages' | 'oscillators';
export type RatingLabel = 'strong_sell' | 'sell' | 'neutral' | 'buy' | 'strong_buy';

export interface RatingVote {
  /** Stable key, e.g. `sma_200`, `stoch_rsi`. */
  id: string;
  /** What the UI shows, e.g. `SMA (200)`. */
  name: string;
  group: RatingGroupId;
  vote: Vote;
  /** The values the rule read, by name; `…Prev` is one bar earlier, `…Prev2` two. */
  inputs: Record<string, number>;
  /** The rule in words, buy side and sell side. */
  rule: string;
}

/**
 * A vote left out: `too_few_bars` while its indicator warms up (it needs `needed` bars, the series has
 * `got`), `no_value` when the indicator is undefined on the bar despite enough bars (VWMA over a window
 * that traded no volume).
 */
interface OmittedVote {
  id: string;
  name: string;
  group: RatingGroupId;
  reason: 'too_few_bars' | 'no_value';
  needed: number;
  got: number;
}

export interface GroupRating {
  /** Mean of the votes cast, from −1 to 1 (a fraction, not percent). */
  score: number;
  label: RatingLabel;
  buy: number;
  neutral: number;
  sell: number;
  votes: RatingVote[];
  omitted: OmittedVote[];
}

export interface TechnicalRating {
  /** The bar rated: the series' last. */
  date: string;
  close: number;
  /** Mean of the two group scores (not of all votes), −1 to 1. */
  overall: { score: number; label: RatingLabel };
  movingAverages: GroupRating;
  oscillators: GroupRating;
}

/**
 * Label of a score in [−1, 1]: above 0.5 strong buy, above 0.1 buy, −0.1 to 0.1 inclusive neutral, below
 * −0.1 sell, below −0.5 strong sell. Boundaries fall toward neutral: 0.5 is a buy, −0.1 is neutral.
 */
export function labelRatingScore(score: number): RatingLabel {
  if (score > 0.5) return 'strong_buy';
  if (score > 0.1) return 'buy';
  if (score >= -0.1) return 'neutral';
  if (score >= -0.5) return 'sell';
  return 'strong_sell';
}

const decide = (buy: boolean, sell: boolean): Vote => (buy ? 1 : sell ? -1 : 0);

/** Price against a moving average: buy when the average is below the close, sell when above. */
export function voteMovingAverage(close: number, average: number): Vote {
  return decide(average < close, average > close);
}

/** Ichimoku on unshifted lead lines (the Pine script's rule): a fresh cross of the conversion line inside a bullish cloud order. */
export function voteIchimoku(x: { close: number; closePrev: number; conversion: number; base: number; lead1: number; lead2: number }): Vote {
  return decide(
    x.lead1 > x.lead2 && x.close > x.lead1 && x.close < x.base && x.closePrev < x.conversion && x.close > x.conversion,
    x.lead2 > x.lead1 && x.close < x.lead2 && x.close > x.base && x.closePrev > x.conversion && x.close < x.conversion,
  );
}

/** Oversold and turning up buys, overbought and turning down sells: RSI at 30/70, CCI at −100/100, %R at −80/−20. */
export function voteTurningFromExtreme(value: number, previous: number, oversold: number, overbought: number): Vote {
  return decide(value < oversold && value > previous, value > overbought && value < previous);
}

/**
 * How far apart (in percentage points) %K and %D must be to count as one above the other. Lines that are
 * equal in exact arithmetic can differ by ~1e-14 in floating point (two flat-close days give the same RSI
 * by different rounding), and a strict `>` then reads noise as a cross; 1e-9 is far below any real gap
 * the 2-decimal prices can produce and far above the noise.
 */
const STOCHASTIC_CROSS_TOLERANCE = 1e-9;

const above = (a: number, b: number) => a - b > STOCHASTIC_CROSS_TOLERANCE;

/** %K crossing %D with both below `low` buys, with both above `high` sells (Stochastic 20/80; Stoch RSI adds a trend filter). */
export function voteStochasticCross(x: { k: number; d: number; kPrev: number; dPrev: number }, low = 20, high = 80): Vote {
  return decide(x.k < low && x.d < low && above(x.k, x.d) && above(x.dPrev, x.kPrev), x.k > high && x.d > high && above(x.d, x.k) && above(x.kPrev, x.dPrev));
}

/** A trending market (ADX above 20) where +DI crosses above −DI buys, below sells. */
export function voteAdx(x: { adx: number; plusDi: number; minusDi: number; plusDiPrev: number; minusDiPrev: number }): Vote {
  return decide(x.adx > 20 && x.plusDiPrev < x.minusDiPrev && x.plusDi > x.minusDi, x.adx > 20 && x.plusDiPrev > x.minusDiPrev && x.plusDi < x.minusDi);
}

/** AO crossing zero, or a saucer on its side of zero (a dip, AO[1] below both neighbours, resuming the trend). */
export function voteAwesomeOscillator(ao: number, aoPrev: number, aoPrev2: number): Vote {
  return decide(
    (ao > 0 && aoPrev <= 0) || (ao > 0 && aoPrev > 0 && ao > aoPrev && aoPrev2 > aoPrev),
    (ao < 0 && aoPrev >= 0) || (ao < 0 && aoPrev < 0 && ao < aoPrev && aoPrev2 < aoPrev),
  );
}

/** Rising buys, falling sells (Momentum). */
export function voteDirection(value: number, previous: number): Vote {
  return decide(value > previous, value < previous);
}

/** Bear Power below zero and rising in an uptrend buys; Bull Power above zero and falling in a downtrend sells. */
export function voteBullBearPower(x: { close: number; trend: number; bull: number; bullPrev: number; bear: number; bearPrev: number }): Vote {
  return decide(x.close > x.trend && x.bear < 0 && x.bear > x.bearPrev, x.close < x.trend && x.bull > 0 && x.bull < x.bullPrev);
}

/** Stochastic RSI crosses count only against the trend: buys in a downtrend, sells in an uptrend (close vs EMA 50). */
export function voteStochRsi(x: { close: number; trend: number; k: number; d: number; kPrev: number; dPrev: number }): Vote {
  const cross = voteStochasticCross(x);
  return decide(cross === 1 && x.close < x.trend, cross === -1 && x.close > x.trend);
}

interface VoteRule {
  id: string;
  name: string;
  group: RatingGroupId;
  /** Bars the rule needs for every input to exist on the last bar. */
  needed: number;
  rule: string;
  /** The rule's inputs on bar `i`, and its vote (discarded when an input is NaN: still warming up). */
  evaluate(i: number): { inputs: Record<string, number>; vote: Vote };
}

const MA_RULE = 'Buy when the average is below the close, sell when above, neutral when equal.';
const MA_LENGTHS = [10, 20, 30, 50, 100, 200] as const;

/** The rules for one series; indicator lines are computed here, once, and read by the rules' closures. */
function buildRules(s: OhlcvSeries): VoteRule[] {
  const { high, low, close, volume } = s;
  const rules: VoteRule[] = [];
  const at = (line: Float64Array, i: number, back = 0) => line[i - back]!;
  const maRule = (id: string, name: string, needed: number, line: Float64Array): VoteRule => ({
    id,
    name,
    group: 'moving_averages',
    needed,
    rule: MA_RULE,
    evaluate: (i) => {
      const x = { close: at(close, i), average: at(line, i) };
      return { inputs: x, vote: voteMovingAverage(x.close, x.average) };
    },
  });

  for (const p of MA_LENGTHS) rules.push(maRule(`sma_${p}`, `SMA (${p})`, p, sma(close, p)));
  // Stochastic RSI and Bull Bear Power read the trend from the close against EMA 50, the MA vote's line.
  const trend = ema(close, 50);
  for (const p of MA_LENGTHS) rules.push(maRule(`ema_${p}`, `EMA (${p})`, p, p === 50 ? trend : ema(close, p)));
  rules.push(maRule('vwma_20', 'VWMA (20)', 20, vwma(close, volume, 20)));
  rules.push(maRule('hull_9', 'Hull MA (9)', hullMaWarmUp(9), hullMa(close, 9)));

  // Displacement 1 keeps the lead lines at the bar they are computed at, as the Pine script compares them.
  const cloud = ichimoku(high, low, close, { conversion: 9, base: 26, spanB: 52, displacement: 1 });
  rules.push({
    id: 'ichimoku',
    name: 'Ichimoku base line (9, 26, 52)',
    group: 'moving_averages',
    needed: 52,
    rule: 'Buy when lead line 1 > lead line 2, close > lead line 1, close < base line and the close crosses above the conversion line (previous close below it); sell on the mirror image. Lead lines unshifted.',
    evaluate: (i) => {
      const x = {
        close: at(close, i),
        closePrev: at(close, i, 1),
        conversion: at(cloud.conversion, i),
        base: at(cloud.base, i),
        lead1: at(cloud.spanA, i),
        lead2: at(cloud.spanB, i),
      };
      return { inputs: x, vote: voteIchimoku(x) };
    },
  });

  const turning = (id: string, name: string, needed: number, line: Float64Array, oversold: number, overbought: number, key: string): VoteRule => ({
    id,
    name,
    group: 'oscillators',
    needed,
    rule: `Buy when ${name} < ${oversold} and rising; sell when > ${overbought} and falling.`,
    evaluate: (i) => {
      const value = at(line, i);
      const previous = at(line, i, 1);
      return { inputs: { [key]: value, [`${key}Prev`]: previous }, vote: voteTurningFromExtreme(value, previous, oversold, overbought) };
    },
  });
  rules.push(turning('rsi_14', 'RSI (14)', 16, rsi(close, 14), 30, 70, 'rsi'));

  const stoch = stochastic(high, low, close, 14, 3, 3);
  rules.push({
    id: 'stochastic',
    name: 'Stochastic %K (14, 3, 3)',
    group: 'oscillators',
    needed: 19,
    rule: 'Buy when %K and %D are below 20 and %K crosses above %D; sell when both are above 80 and %K crosses below %D.',
    evaluate: (i) => {
      const x = { k: at(stoch.k, i), d: at(stoch.d, i), kPrev: at(stoch.k, i, 1), dPrev: at(stoch.d, i, 1) };
      return { inputs: x, vote: voteStochasticCross(x) };
    },
  });

  // On the close, as the Technical Ratings script (`cci(close, 20)`), not Lambert's typical price: on the
  // bundled data the two votes differ on 8.3 % of symbol-days (docs/technical-rating.md).
  rules.push(turning('cci_20', 'CCI (20) of the close', 21, cci(close, 20), -100, 100, 'cci'));

  const dmi = adx(high, low, close, 14);
  rules.push({
    id: 'adx_14',
    name: 'ADX (14)',
    group: 'oscillators',
    needed: 28,
    rule: 'Buy when ADX > 20 and +DI crosses above −DI; sell when ADX > 20 and +DI crosses below −DI.',
    evaluate: (i) => {
      const x = {
        adx: at(dmi.adx, i),
        plusDi: at(dmi.plusDi, i),
        minusDi: at(dmi.minusDi, i),
        plusDiPrev: at(dmi.plusDi, i, 1),
        minusDiPrev: at(dmi.minusDi, i, 1),
      };
      return { inputs: x, vote: voteAdx(x) };
    },
  });

  const ao = awesomeOscillator(high, low, 5, 34);
  rules.push({
    id: 'awesome_oscillator',
    name: 'Awesome Oscillator',
    group: 'oscillators',
    needed: 36,
    rule: 'Buy when AO crosses above 0, or above 0 makes a saucer (the previous bar lower than both neighbours); sell on the mirror image below 0.',
    evaluate: (i) => {
      const x = { ao: at(ao, i), aoPrev: at(ao, i, 1), aoPrev2: at(ao, i, 2) };
      return { inputs: x, vote: voteAwesomeOscillator(x.ao, x.aoPrev, x.aoPrev2) };
    },
  });

  const mom = momentum(close, 10);
  rules.push({
    id: 'momentum_10',
    name: 'Momentum (10)',
    group: 'oscillators',
    needed: 12,
    rule: 'Buy when momentum is rising; sell when falling.',
    evaluate: (i) => {
      const x = { momentum: at(mom, i), momentumPrev: at(mom, i, 1) };
      return { inputs: x, vote: voteDirection(x.momentum, x.momentumPrev) };
    },
  });

  const m = macd(close, 12, 26, 9);
  rules.push({
    id: 'macd',
    name: 'MACD level (12, 26, 9)',
    group: 'oscillators',
    needed: macdWarmUp(12, 26, 9),
    rule: 'Buy when the MACD line is above its signal line; sell when below.',
    evaluate: (i) => {
      const x = { macd: at(m.macd, i), signal: at(m.signal, i) };
      return { inputs: x, vote: decide(x.macd > x.signal, x.macd < x.signal) };
    },
  });

  const srsi = stochRsi(close, 14, 14, 3, 3);
  rules.push({
    id: 'stoch_rsi',
    name: 'Stochastic RSI fast (3, 3, 14, 14)',
    group: 'oscillators',
    needed: 50,
    rule: 'Buy in a downtrend (close below EMA 50) when %K and %D are below 20 and %K crosses above %D; sell in an uptrend (close above EMA 50) when both are above 80 and %K crosses below %D.',
    evaluate: (i) => {
      const x = { close: at(close, i), trend: at(trend, i), k: at(srsi.k, i), d: at(srsi.d, i), kPrev: at(srsi.k, i, 1), dPrev: at(srsi.d, i, 1) };
      return { inputs: x, vote: voteStochRsi(x) };
    },
  });

  rules.push(turning('williams_r_14', 'Williams %R (14)', 15, williamsR(high, low, close, 14), -80, -20, 'williamsR'));

  const power = bullBearPower(high, low, close, 13);
  rules.push({
    id: 'bull_bear_power',
    name: 'Bull Bear Power (13)',
    group: 'oscillators',
    needed: 50,
    rule: 'Buy in an uptrend (close above EMA 50) when Bear Power is below 0 and rising; sell in a downtrend (close below EMA 50) when Bull Power is above 0 and falling.',
    evaluate: (i) => {
      const x = {
        close: at(close, i),
        trend: at(trend, i),
        bull: at(power.bull, i),
        bullPrev: at(power.bull, i, 1),
        bear: at(power.bear, i),
        bearPrev: at(power.bear, i, 1),
      };
      return { inputs: x, vote: voteBullBearPower(x) };
    },
  });

  const uo = ultimateOscillator(high, low, close, 7, 14, 28);
  rules.push({
    id: 'ultimate_oscillator',
    name: 'Ultimate Oscillator (7, 14, 28)',
    group: 'oscillators',
    needed: 29,
    rule: 'Buy when UO is above 70; sell when below 30.',
    evaluate: (i) => {
      const x = { uo: at(uo, i) };
      return { inputs: x, vote: decide(x.uo > 70, x.uo < 30) };
    },
  });
  return rules;
}

/** Bars below which the rating refuses: every oscillator must be able to vote (the longest needs EMA 50 for its trend filter). */
const TECHNICAL_RATING_MIN_BARS = 50;

function summariseGroup(votes: RatingVote[], omitted: OmittedVote[]): GroupRating {
  let sum = 0;
  let buy = 0;
  let sell = 0;
  for (const v of votes) {
    sum += v.vote;
    if (v.vote === 1) buy++;
    else if (v.vote === -1) sell++;
  }
  const score = sum / votes.length;
  return { score, label: labelRatingScore(score), buy, neutral: votes.length - buy - sell, sell, votes, omitted };
}

/**
 * Rates the last bar of a validated series. Moving averages still warming up (SMA 200 on a young listing)
 * are omitted and listed with the bars they need, and the group mean divides by the votes cast, as
 * TradingView's means do; below 50 bars, when some oscillator could not vote, the rating refuses.
 */
export function computeTechnicalRating(series: OhlcvSeries): EngineResult<TechnicalRating> {
  const n = series.close.length;
  if (n < TECHNICAL_RATING_MIN_BARS) {
    return fail('series_too_short', 'close', `a technical rating needs ${TECHNICAL_RATING_MIN_BARS} bars for every oscillator to vote, has ${n}`, {
      needed: TECHNICAL_RATING_MIN_BARS,
      got: n,
    });
  }
  const groups: Record<RatingGroupId, { votes: RatingVote[]; omitted: OmittedVote[] }> = {
    moving_averages: { votes: [], omitted: [] },
    oscillators: { votes: [], omitted: [] },
  };
  for (const r of buildRules(series)) {
    const { inputs, vote } = r.evaluate(n - 1);
    const g = groups[r.group];
    if (Object.values(inputs).every(Number.isFinite)) g.votes.push({ id: r.id, name: r.name, group: r.group, vote, inputs, rule: r.rule });
    else g.omitted.push({ id: r.id, name: r.name, group: r.group, reason: n < r.needed ? 'too_few_bars' : 'no_value', needed: r.needed, got: n });
  }
  const movingAverages = summariseGroup(groups.moving_averages.votes, groups.moving_averages.omitted);
  const oscillators = summariseGroup(groups.oscillators.votes, groups.oscillators.omitted);
  const score = (movingAverages.score + oscillators.score) / 2;
  return ok({
    date: series.dates[n - 1]!,
    close: series.close[n - 1]!,
    overall: { score, label: labelRatingScore(score) },
    movingAverages,
    oscillators,
  });
}
