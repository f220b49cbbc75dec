import type { Sentence } from '../analysis-types.ts';
import { measureAbove, measureBelow, type FactReader, type FiredRule, type NoteRule, type WriterContext } from './note-rules.ts';

/*
 * Technical note. Thresholds: price vs SMA 200 and SMA 50 vs SMA 200 (any gap); a group majority is
 * 60 % of its votes cast; RSI 14 overbought above 70, oversold below 30, "room to run" 40–65; MACD vs
 * its signal line (any gap, salience scaled by price); support/resistance "near" within 3 %; annualised
 * volatility low below 20 %, high above 40 %; a one-year drawdown deeper than 25 %; one-year change
 * beyond ±10 %; beta above 1.3.
 */

const divideFacts = (r: FactReader, a: string, b: string): number | null => {
  const x = r.num(a);
  const y = r.num(b);
  return x === null || y === null || y === 0 ? null : x / y;
};

export const technicalRules: NoteRule[] = [
  {
    id: 'above_sma_200',
    side: 'strength',
    keys: ['close', 'sma_200'],
    salience: (r) => measureAbove(divideFacts(r, 'close', 'sma_200'), 1, 0.05),
    text: (r) => `At ${r.fmt('close')} the price is above its 200-day average of ${r.fmt('sma_200')}, so the long-term trend is still up.`,
  },
  {
    id: 'below_sma_200',
    side: 'risk',
    keys: ['close', 'sma_200'],
    salience: (r) => measureBelow(divideFacts(r, 'close', 'sma_200'), 1, 0.05),
    text: (r) => `At ${r.fmt('close')} the price is below its 200-day average of ${r.fmt('sma_200')}: the long-term trend points down.`,
  },
  {
    id: 'sma_50_over_200',
    side: 'strength',
    keys: ['sma_50', 'sma_200'],
    salience: (r) => measureAbove(divideFacts(r, 'sma_50', 'sma_200'), 1, 0.05),
    text: (r) => `The 50-day average (${r.fmt('sma_50')}) runs above the 200-day (${r.fmt('sma_200')}), the set-up traders call a golden cross.`,
  },
  {
    id: 'sma_50_under_200',
    side: 'risk',
    keys: ['sma_50', 'sma_200'],
    salience: (r) => measureBelow(divideFacts(r, 'sma_50', 'sma_200'), 1, 0.05),
    text: (r) => `The 50-day average (${r.fmt('sma_50')}) has sunk below the 200-day (${r.fmt('sma_200')}), a death-cross pattern.`,
  },
  {
    id: 'ma_votes_buy',
    side: 'strength',
    keys: ['ma_buy_votes', 'ma_votes'],
    salience: (r) => measureAbove(divideFacts(r, 'ma_buy_votes', 'ma_votes'), 0.6 - 1e-9, 0.4),
    text: (r) => `${r.fmt('ma_buy_votes')} of ${r.fmt('ma_votes')} moving averages sit below the price and vote buy.`,
  },
  {
    id: 'ma_votes_sell',
    side: 'risk',
    keys: ['ma_sell_votes', 'ma_votes'],
    salience: (r) => measureAbove(divideFacts(r, 'ma_sell_votes', 'ma_votes'), 0.6 - 1e-9, 0.4),
    text: (r) => `${r.fmt('ma_sell_votes')} of ${r.fmt('ma_votes')} moving averages sit above the price and vote sell.`,
  },
  {
    id: 'rsi_room',
    side: 'strength',
    keys: ['rsi_14', 'close', 'sma_50'],
    salience: (r) => {
      const v = r.num('rsi_14');
      const trend = divideFacts(r, 'close', 'sma_50');
      return v !== null && v >= 40 && v <= 65 && trend !== null && trend > 1 ? 0.5 : null;
    },
    text: (r) => `An RSI of ${r.fmt('rsi_14')} with the price over its 50-day average shows steady buying that is not yet stretched.`,
  },
  {
    id: 'rsi_oversold',
    side: 'strength',
    keys: ['rsi_14'],
    salience: (r) => measureBelow(r.num('rsi_14'), 30, 10),
    text: (r) => `RSI has dropped to ${r.fmt('rsi_14')}, oversold territory where selling often exhausts itself, though it can stay low in a downtrend.`,
  },
  {
    id: 'rsi_overbought',
    side: 'risk',
    keys: ['rsi_14'],
    salience: (r) => measureAbove(r.num('rsi_14'), 70, 10),
    text: (r) => `RSI at ${r.fmt('rsi_14')} is overbought: the recent run-up is stretched and pullbacks often follow.`,
  },
  {
    id: 'macd_up',
    side: 'strength',
    keys: ['macd', 'macd_signal', 'close'],
    salience: (r) => measureAbove(((r.num('macd') ?? 0) - (r.num('macd_signal') ?? 0)) / (r.num('close') ?? 1), 0, 0.005),
    text: (r) => `MACD (${r.fmt('macd')}) is above its signal line (${r.fmt('macd_signal')}), so short-term momentum is improving.`,
  },
  {
    id: 'macd_down',
    side: 'risk',
    keys: ['macd', 'macd_signal', 'close'],
    salience: (r) => measureBelow(((r.num('macd') ?? 0) - (r.num('macd_signal') ?? 0)) / (r.num('close') ?? 1), 0, 0.005),
    text: (r) => `MACD (${r.fmt('macd')}) is below its signal line (${r.fmt('macd_signal')}), so short-term momentum is fading.`,
  },
  {
    id: 'support_near',
    side: 'strength',
    keys: ['support_1', 'support_1_distance'],
    salience: (r) => measureBelow(r.num('support_1_distance'), 3, 3),
    text: (r) => `Support at ${r.fmt('support_1')} is only ${r.fmt('support_1_distance')} below, where buyers stepped in before.`,
  },
  {
    id: 'resistance_near',
    side: 'risk',
    keys: ['resistance_1', 'resistance_1_distance'],
    salience: (r) => measureBelow(r.num('resistance_1_distance'), 3, 3),
    text: (r) => `Resistance at ${r.fmt('resistance_1')} is just ${r.fmt('resistance_1_distance')} above, where rallies have stalled before.`,
  },
  {
    id: 'volatility_low',
    side: 'strength',
    keys: ['volatility_1y'],
    salience: (r) => measureBelow(r.num('volatility_1y'), 20, 10),
    text: (r) => `Annualised volatility of ${r.fmt('volatility_1y')} is calm for a single stock.`,
  },
  {
    id: 'volatility_high',
    side: 'risk',
    keys: ['volatility_1y'],
    salience: (r) => measureAbove(r.num('volatility_1y'), 40, 20),
    text: (r) => `Annualised volatility of ${r.fmt('volatility_1y')} means wide daily swings: a position can move a long way in a day.`,
  },
  {
    id: 'drawdown_deep',
    side: 'risk',
    keys: ['max_drawdown_1y'],
    salience: (r) => measureAbove(r.num('max_drawdown_1y'), 25, 25),
    text: (r) => `Within the past year the shares fell ${r.fmt('max_drawdown_1y')} from peak to trough.`,
  },
  {
    id: 'year_up',
    side: 'strength',
    keys: ['return_1y'],
    salience: (r) => measureAbove(r.num('return_1y'), 10, 30),
    text: (r) => `The shares are up ${r.fmt('return_1y')} over the past year.`,
  },
  {
    id: 'year_down',
    side: 'risk',
    keys: ['return_1y'],
    salience: (r) => measureBelow(r.num('return_1y'), -10, 30),
    text: (r) => `The shares have lost ${r.fmtSize('return_1y')} over the past year.`,
  },
  {
    id: 'beta_high',
    side: 'risk',
    keys: ['beta_1y'],
    salience: (r) => measureAbove(r.num('beta_1y'), 1.3, 0.5),
    text: (r) => `A beta of ${r.fmt('beta_1y')} against the S&P 500 means it has swung harder than the market.`,
  },
];

export function writeTechnicalHeadline(r: FactReader, ctx: WriterContext): Sentence {
  const rating = r.text('technical_rating');
  const ma = r.text('ma_rating');
  const osc = r.text('oscillator_rating');
  const keys = ['technical_rating', 'ma_rating', 'oscillator_rating'];
  if (rating === null) return { text: `${ctx.name} has no technical rating yet: too few daily bars.`, fact_keys: [] };
  // The vote counts say how strong each group's label is: "Buy (9 of 15 buy)".
  const tally = (group: 'ma' | 'oscillator') => {
    const buy = `${group}_buy_votes`;
    const sell = `${group}_sell_votes`;
    const cast = `${group}_votes`;
    if (![buy, sell, cast].every((k) => r.has(k))) return '';
    keys.push(buy, sell, cast);
    return ` (${r.fmt(buy)} buy, ${r.fmt(sell)} sell of ${r.fmt(cast)})`;
  };
  const maTally = tally('ma');
  const oscTally = tally('oscillator');
  const drivers =
    ma === osc
      ? `moving averages${maTally} and oscillators${oscTally} both read ${ma}`
      : `moving averages read ${ma}${maTally} while oscillators read ${osc}${oscTally}`;
  return { text: `${ctx.name} (${ctx.symbol}) rates ${rating} on technicals: ${drivers}.`, fact_keys: keys };
}

export function writeTechnicalVerdict(r: FactReader, strengths: readonly FiredRule[], risks: readonly FiredRule[], balance: number): Sentence {
  const rating = r.text('technical_rating');
  const topRisk = risks[0]?.rule.id;
  const keys = ['technical_rating'];
  if (rating === null) return { text: 'Come back when the stock has traded long enough for the indicators to vote.', fact_keys: [] };
  if (rating.includes('Buy') && topRisk === 'rsi_overbought')
    return {
      text: `The trend backs the ${rating} rating, but the stretched RSI argues for waiting for a pullback before adding.`,
      fact_keys: [...keys, 'rsi_14'],
    };
  if (rating.includes('Buy') && balance > 0)
    return { text: `The chart supports the ${rating} rating: trend and momentum point the same way.`, fact_keys: keys };
  if (rating.includes('Buy'))
    return { text: `The ${rating} rating rests on the averages; the risks above say the move is less secure than the label suggests.`, fact_keys: keys };
  if (rating.includes('Sell') && strengths.some((s) => s.rule.id === 'rsi_oversold'))
    return {
      text: `The ${rating} rating reflects a downtrend, though oversold readings mean a bounce would not be a surprise.`,
      fact_keys: [...keys, 'rsi_14'],
    };
  if (rating.includes('Sell'))
    return { text: `The ${rating} rating reflects a chart where sellers are in control; wait for the trend to turn before buying.`, fact_keys: keys };
  return balance >= 0
    ? { text: 'Neutral overall: the signals cancel out, with a slight tilt to the upside; a break above resistance would settle it.', fact_keys: keys }
    : { text: 'Neutral overall: the signals cancel out, with a slight tilt to the downside; a break below support would settle it.', fact_keys: keys };
}
