import { describe, expect, it } from 'vitest';
import { labelRatingScore } from './technical-rating.ts';

describe('a rating score maps to a label at ±0.1 and ±0.5, boundaries falling toward neutral', () => {
  it.each([
    [1, 'strong_buy'],
    [0.5 + 1e-12, 'strong_buy'],
    [0.5, 'buy'],
    [0.1 + 1e-12, 'buy'],
    [0.1, 'neutral'],
    [0, 'neutral'],
    [-0.1, 'neutral'],
    [-0.1 - 1e-12, 'sell'],
    [-0.5, 'sell'],
    [-0.5 - 1e-12, 'strong_sell'],
    [-1, 'strong_sell'],
  ] as const)('%d → %s', (score, label) => {
    expect(labelRatingScore(score)).toBe(label);
  });

  it('group and overall means: 9 buys and 3 sells of 15 MAs → 6/15 = 0.4 → buy', () => {
    expect(labelRatingScore((9 - 3) / 15)).toBe('buy');
    // 8 buys and 7 sells of 15 → 1/15 = 0.067 → neutral; 2 sells and 1 buy of 11 → −1/11 = −0.091 → neutral.
    expect(labelRatingScore((8 - 7) / 15)).toBe('neutral');
    expect(labelRatingScore((1 - 2) / 11)).toBe('neutral');
    // Overall is the mean of the group means: MAs 15/15 = 1 and oscillators 0 → 0.5 → buy, not strong buy.
    expect(labelRatingScore((1 + 0) / 2)).toBe('buy');
    // MAs −3/15 = −0.2, oscillators 0 → −0.1 → neutral (the boundary), while −4/15 → −0.133 → sell.
    expect(labelRatingScore((-3 / 15 + 0) / 2)).toBe('neutral');
    expect(labelRatingScore((-4 / 15 + 0) / 2)).toBe('sell');
  });
});
