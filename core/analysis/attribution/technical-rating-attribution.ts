import type { GroupRating, RatingVote, TechnicalRating } from '../technical-rating.ts';
import { type ExactContribution, formatReading, roundAttribution } from './apportion.ts';
import type { Attribution } from './attribution-types.ts';

/** Ratings keep four decimals: one vote of 15 moving averages is 1/30 = 0.0333 of the score. */
export const RATING_DECIMALS = 4;

const VOTE_WORDS = { '-1': 'sell', '0': 'neutral', '1': 'buy' } as const;
const GROUP_WORDS = { moving_averages: 'moving-average', oscillators: 'oscillator' } as const;

/** Readings by the rule's input names, in words: `rsiPrev` → "a bar earlier". */
const INPUT_WORDS: Record<string, string> = {
  average: 'average',
  close: 'close',
  closePrev: 'previous close',
  conversion: 'conversion line',
  base: 'base line',
  lead1: 'lead line 1',
  lead2: 'lead line 2',
  trend: 'EMA 50',
  plusDi: '+DI',
  minusDi: '−DI',
  plusDiPrev: '+DI a bar earlier',
  minusDiPrev: '−DI a bar earlier',
  kPrev: '%K a bar earlier',
  dPrev: '%D a bar earlier',
  k: '%K',
  d: '%D',
  bull: 'Bull Power',
  bullPrev: 'Bull Power a bar earlier',
  bear: 'Bear Power',
  bearPrev: 'Bear Power a bar earlier',
  aoPrev: 'AO a bar earlier',
  aoPrev2: 'AO two bars earlier',
  momentumPrev: 'momentum a bar earlier',
  signal: 'signal line',
  rsi: 'RSI',
  rsiPrev: 'RSI a bar earlier',
  cci: 'CCI',
  cciPrev: 'CCI a bar earlier',
  adx: 'ADX',
  ao: 'AO',
  momentum: 'momentum',
  macd: 'MACD',
  williamsR: 'Williams %R',
  williamsRPrev: 'Williams %R a bar earlier',
  uo: 'Ultimate Oscillator',
};

/** A vote's input as a person reads it (the page's vote table and the attribution both use it). */
export const describeVoteInput = (name: string): string =>
  INPUT_WORDS[name] ?? (name.endsWith('Prev') ? `${describeVoteInput(name.slice(0, -4))} a bar earlier` : name);

/** The reading a vote is about: the average for a moving average, else the first input that is not the close or the trend. */
function pickReading(v: RatingVote): number | null {
  if ('average' in v.inputs) return v.inputs.average!;
  const key = Object.keys(v.inputs).find((k) => k !== 'close' && k !== 'closePrev' && k !== 'trend');
  return key === undefined ? null : v.inputs[key]!;
}

function toVoteShare(v: RatingVote, group: GroupRating): ExactContribution {
  const n = group.votes.length;
  const readings = Object.entries(v.inputs)
    .map(([k, x]) => `${describeVoteInput(k)} ${formatReading(x)}`)
    .join(', ');
  const word = VOTE_WORDS[String(v.vote) as '-1' | '0' | '1'];
  const signed = v.vote === 0 ? '0' : v.vote > 0 ? '+1' : '−1';
  return {
    key: v.id,
    label: v.name,
    value: pickReading(v),
    // the overall score is the mean of two group means: a vote weighs 1 / (2 × votes cast in its group)
    exact: v.vote / (2 * n),
    explain: (c) => `${readings} → ${word}: ${signed} of ${n} ${GROUP_WORDS[v.group]} votes = ${signed}/${2 * n} of the score (${c})`,
  };
}

/**
 * The overall technical rating as the sum of its votes: base 0, each vote ±1 / (2 × its group's votes
 * cast). Votes left out while an indicator warms up are listed with a share of 0 and why. `verdict`
 * is the rating in words ("Buy"), as the facts write it.
 */
export function attributeTechnicalRating(rating: TechnicalRating, verdict: string): Attribution {
  const items: ExactContribution[] = [];
  for (const group of [rating.movingAverages, rating.oscillators]) {
    for (const v of group.votes) items.push(toVoteShare(v, group));
    for (const o of group.omitted)
      items.push({
        key: o.id,
        label: o.name,
        value: null,
        exact: 0,
        explain: () =>
          o.reason === 'too_few_bars'
            ? `not counted: needs ${o.needed} bars, the series has ${o.got}`
            : 'not counted: the indicator has no value on the last bar',
      });
  }
  return roundAttribution({
    target: 'technical_rating',
    label: `Technical rating: ${verdict}`,
    unit: 'rating',
    decimals: RATING_DECIMALS,
    base: 0,
    score: rating.overall.score,
    verdict,
    items,
  });
}
