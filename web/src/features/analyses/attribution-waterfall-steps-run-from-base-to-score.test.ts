import { describe, expect, it } from 'vitest';
import { type Attribution, formatAttributionValue, layoutWaterfall } from './attribution-waterfall-geometry.ts';

const contribution = (key: string, c: number, value: number | null = 1) => ({
  key,
  label: key.toUpperCase(),
  value,
  contribution: c,
  explanation: `${key} ${c}`,
});

// A grade from the sector median 50: ROE +20, margin −5, ROIC +2.5, FCF margin 0 → 67.5; ROA has no value (not counted).
const grade: Attribution = {
  target: 'grade_profitability',
  label: 'Profitability grade B',
  score: 67.5,
  base: 50,
  unit: 'percentile',
  decimals: 2,
  verdict: 'B',
  contributions: [
    contribution('roic', 2.5),
    contribution('operating_margin', -5),
    contribution('fcf_margin', 0),
    contribution('roe', 20),
    contribution('roa', 0, null),
  ],
};

describe('the waterfall of an attribution', () => {
  const w = layoutWaterfall(grade);

  it('runs base 50 → +20 = 70 → −5 = 65 → +2.5 = 67.5 = the score, largest step first, the zero step left to the table', () => {
    // the base and the score are levels, drawn from the track's left end (49, no zero on a 49..71 track)
    expect(w.bars.map((b) => [b.key, b.from, b.to])).toEqual([
      ['base', 49, 50],
      ['roe', 50, 70],
      ['operating_margin', 70, 65],
      ['roic', 65, 67.5],
      ['score', 49, 67.5],
    ]);
    expect(w.unmoved.map((c) => c.key)).toEqual(['fcf_margin']);
    // An input with no value did not "move it by 0": it was not counted (a bank's EBITDA / EV).
    expect(w.notCounted.map((c) => c.key)).toEqual(['roa']);
  });

  it('spans 50..70 padded by 5 % of 20 (49..71): ROE’s bar starts at (50 − 49)/22 = 4.55 % and is 20/22 = 90.9 % wide', () => {
    expect(w.min).toBeCloseTo(49, 10);
    expect(w.max).toBeCloseTo(71, 10);
    const roe = w.bars[1]!;
    expect(roe.x).toBeCloseTo(4.545, 2);
    expect(roe.width).toBeCloseTo(90.909, 2);
  });

  it('sums in whole units: ten steps of 0.0333 and five of 0.0334 end exactly on 0.5, not on 0.49999…', () => {
    const rating: Attribution = {
      ...grade,
      unit: 'rating',
      decimals: 4,
      base: 0,
      score: 0.5,
      contributions: [
        ...Array.from({ length: 10 }, (_, i) => contribution(`a${i}`, 0.0333)),
        ...Array.from({ length: 5 }, (_, i) => contribution(`b${i}`, 0.0334)),
      ],
    };
    const r = layoutWaterfall(rating);
    expect(r.bars.at(-2)!.to).toBe(0.5);
    expect(r.min).toBeCloseTo(-0.025, 10);
  });

  it('writes levels and steps in the unit: +20.00, −5.00, $127.50, −$30.00', () => {
    expect(formatAttributionValue(grade, 20, true)).toBe('+20.00');
    expect(formatAttributionValue(grade, -5, true)).toBe('−5.00');
    expect(formatAttributionValue({ unit: 'usd_per_share', decimals: 2 }, 127.5, false)).toBe('$127.50');
    expect(formatAttributionValue({ unit: 'usd_per_share', decimals: 2 }, -30, true)).toBe('−$30.00');
  });
});
