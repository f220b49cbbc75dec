import { describe, expect, it } from 'vitest';
import { labelRatingScore, type GroupRating, type RatingVote, type TechnicalRating, type Vote } from '../technical-rating.ts';
import { sumsExactly, toUnits } from './attribution-types.ts';
import { attributeTechnicalRating } from './technical-rating-attribution.ts';

const vote = (id: string, group: RatingVote['group'], v: Vote, inputs: Record<string, number>): RatingVote => ({
  id,
  name: id.toUpperCase(),
  group,
  vote: v,
  inputs,
  rule: '',
});

function summarise(votes: RatingVote[], omitted: GroupRating['omitted'] = []): GroupRating {
  const score = votes.reduce((s, v) => s + v.vote, 0) / votes.length;
  const buy = votes.filter((v) => v.vote === 1).length;
  const sell = votes.filter((v) => v.vote === -1).length;
  return { score, label: labelRatingScore(score), buy, sell, neutral: votes.length - buy - sell, votes, omitted };
}

function rate(ma: RatingVote[], osc: RatingVote[], omitted: GroupRating['omitted'] = []): TechnicalRating {
  const movingAverages = summarise(ma, omitted);
  const oscillators = summarise(osc);
  const score = (movingAverages.score + oscillators.score) / 2;
  return { date: '2026-07-02', close: 100, overall: { score, label: labelRatingScore(score) }, movingAverages, oscillators };
}

describe('the technical rating is the sum of its votes', () => {
  // Moving averages: buy, buy, sell → group 1/3; oscillators: RSI sell, momentum neutral → group −1/2.
  // Overall (1/3 − 1/2) / 2 = −1/12 = −0.0833. Each MA vote weighs 1/(2 × 3) = 1/6, each oscillator 1/(2 × 2) = 1/4.
  const rating = rate(
    [
      vote('sma_50', 'moving_averages', 1, { close: 100, average: 95 }),
      vote('sma_200', 'moving_averages', 1, { close: 100, average: 90 }),
      vote('ema_10', 'moving_averages', -1, { close: 100, average: 101 }),
    ],
    [vote('rsi_14', 'oscillators', -1, { rsi: 72, rsiPrev: 75 }), vote('momentum_10', 'oscillators', 0, { momentum: 3, momentumPrev: 3 })],
    [{ id: 'sma_100', name: 'SMA (100)', group: 'moving_averages', reason: 'too_few_bars', needed: 100, got: 80 }],
  );
  const a = attributeTechnicalRating(rating, 'Neutral');

  it('base 0 + 1/6 + 1/6 − 1/6 − 1/4 + 0 + 0 (omitted) = −1/12: 0.1667 + 0.1667 − 0.1667 − 0.2500 = −0.0833', () => {
    expect(a.base).toBe(0);
    expect(a.decimals).toBe(4);
    expect(a.contributions.map((c) => [c.key, c.contribution])).toEqual([
      ['sma_50', 0.1667],
      ['sma_200', 0.1667],
      ['ema_10', -0.1667],
      ['sma_100', 0],
      ['rsi_14', -0.25],
      ['momentum_10', 0],
    ]);
    expect(a.score).toBe(-0.0833);
    expect(sumsExactly(a)).toBe(true);
  });

  it('says RSI 72 → −1 vote with its weight, and why an omitted average did not count', () => {
    const rsi = a.contributions.find((c) => c.key === 'rsi_14')!;
    expect(rsi.value).toBe(72);
    expect(rsi.explanation).toBe('RSI 72.00, RSI a bar earlier 75.00 → sell: −1 of 2 oscillator votes = −1/4 of the score (−0.2500)');
    expect(a.contributions.find((c) => c.key === 'sma_100')!.explanation).toBe('not counted: needs 100 bars, the series has 80');
    expect(a.contributions.find((c) => c.key === 'sma_50')!.value).toBe(95);
  });

  it('fifteen buying averages and eleven neutral oscillators: 15 × 1/30 = 0.5, as ten shares of 0.0333 and five of 0.0334 (rounding apportioned)', () => {
    const ma = Array.from({ length: 15 }, (_, i) => vote(`ma_${i}`, 'moving_averages', 1, { close: 100, average: 90 }));
    const osc = Array.from({ length: 11 }, (_, i) => vote(`osc_${i}`, 'oscillators', 0, { x: 1 }));
    const all = attributeTechnicalRating(rate(ma, osc), 'Buy');
    const shares = all.contributions.filter((c) => c.contribution !== 0).map((c) => c.contribution);
    expect(shares.filter((c) => c === 0.0333)).toHaveLength(10);
    expect(shares.filter((c) => c === 0.0334)).toHaveLength(5);
    expect(all.score).toBe(0.5);
    // 10 × 333 + 5 × 334 = 5000 ten-thousandths
    expect(shares.reduce((s, c) => s + toUnits(c, 4), 0)).toBe(5000);
    expect(sumsExactly(all)).toBe(true);
  });
});
