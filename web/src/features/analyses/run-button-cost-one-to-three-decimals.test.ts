import { describe, expect, it } from 'vitest';
import { describeRunButton, formatCostTokens } from './format-cost.ts';

describe('the run button names the cost with 1 to 3 decimals', () => {
  it('technical 800 mt = 800 / 1000 = 0.8 tokens', () => {
    expect(describeRunButton(800)).toBe('Run analysis (0.8 tokens)');
  });
  it('a whole token keeps one decimal and is singular: 1000 mt = 1.0 token', () => {
    expect(describeRunButton(1000)).toBe('Run analysis (1.0 token)');
  });
  it('more precision shows up to 3 decimals and no further: 1250 → 1.25, 1234 → 1.234, 12345 → 12.345', () => {
    expect(formatCostTokens(1250)).toBe('1.25');
    expect(formatCostTokens(1234)).toBe('1.234');
    expect(formatCostTokens(12345)).toBe('12.345');
  });
});
