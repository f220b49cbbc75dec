import { describe, expect, it } from 'vitest';
import { formatCount } from './plural.ts';

describe('a count with its noun', () => {
  it('singular for exactly one, plural otherwise (0 and 2 alike), irregular plurals given, thousands separated', () => {
    expect(formatCount(1, 'match', 'matches')).toBe('1 match');
    expect(formatCount(0, 'match', 'matches')).toBe('0 matches');
    expect(formatCount(2, 'filter')).toBe('2 filters');
    expect(formatCount(1, 'analysis', 'analyses')).toBe('1 analysis');
    expect(formatCount(1204, 'company', 'companies')).toBe('1,204 companies');
  });
});
