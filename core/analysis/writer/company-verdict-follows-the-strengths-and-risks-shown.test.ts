import { describe, expect, it } from 'vitest';
import { classifyCompanyVerdict } from './company-rules.ts';

describe('the company verdict’s word follows what the note weighs and what it shows', () => {
  it('JPM’s balance sheet: one strength at weight 2 against two risks at 0.5 each → balance 2 − 1 = +1, but 1 < 2 shown: offset, not "edge out"', () => {
    expect(classifyCompanyVerdict(2 - (0.5 + 0.5), 1, 2)).toBe('offset');
  });

  it('a tilt needs the balance past ±0.3 and at least as many items on its side', () => {
    expect(classifyCompanyVerdict(1.2 - 0.8, 2, 2)).toBe('good_tilt'); // +0.4, 2 = 2
    expect(classifyCompanyVerdict(0.6 - 1.2, 1, 2)).toBe('bad_tilt'); // −0.6, 2 ≥ 1
    expect(classifyCompanyVerdict(0.2, 3, 1)).toBe('offset'); // inside ±0.3 whatever the counts
  });

  it('a clear verdict needs ±1.5 and more items on its side; with equal counts it is only a tilt', () => {
    expect(classifyCompanyVerdict(2 + 2 - 0.5, 2, 1)).toBe('favourable'); // +3.5, 2 > 1
    expect(classifyCompanyVerdict(2 + 2 - (0.5 + 0.5 + 0.5), 2, 3)).toBe('offset'); // +2.5 but 2 < 3
    expect(classifyCompanyVerdict(2 + 2 - (0.25 + 0.25), 2, 2)).toBe('good_tilt'); // +3.5, 2 = 2
    expect(classifyCompanyVerdict(0.5 - (2 + 1), 1, 2)).toBe('unfavourable'); // −2.5, 2 > 1
  });
});
