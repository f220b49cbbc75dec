import { describe, expect, it } from 'vitest';
import { describePercentile, formatOrdinal } from './ordinal.ts';

describe('ordinals and percentiles in words', () => {
  it('1st 2nd 3rd 4th, 11th 12th 13th (not 11st), 21st 22nd 23rd, 101st 111th 112th', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(formatOrdinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });
  it('a percentile rounds to a whole rank: 72.1 → "72nd percentile", 41.5 → "42nd percentile"; 0.3 is the 1st, 99.8 the 99th', () => {
    expect(describePercentile(72.1)).toBe('72nd percentile');
    expect(describePercentile(41.5)).toBe('42nd percentile');
    expect(describePercentile(0.3)).toBe('1st percentile');
    expect(describePercentile(99.8)).toBe('99th percentile');
  });
});
