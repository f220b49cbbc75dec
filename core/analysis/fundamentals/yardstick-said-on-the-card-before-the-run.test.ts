import { describe, expect, it } from 'vitest';
import { describeYardstickBeforeRun } from './yardsticks.ts';

describe('the card says how a company will be judged before the user pays', () => {
  it('a DCF on a bank names the model it will use instead (justified price-to-book), on a REIT AFFO, on a utility dividends', () => {
    expect(describeYardstickBeforeRun('dcf', 'bank')).toMatch(/not valued on discounted free cash flow.*price-to-book its return on equity justifies/);
    expect(describeYardstickBeforeRun('dcf', 'reit')).toMatch(/AFFO/);
    expect(describeYardstickBeforeRun('dcf', 'utility')).toMatch(/dividends it pays/);
  });
  it('the company kinds name the class’s figures and the scores left out; the technical analysis and ordinary companies say nothing', () => {
    expect(describeYardstickBeforeRun('fundamental', 'bank')).toMatch(/^Judged as a bank: .*no Piotroski, Altman/);
    expect(describeYardstickBeforeRun('balance-sheet', 'insurer')).toMatch(/^Judged as an insurer: book value per share growth/);
    expect(describeYardstickBeforeRun('technical', 'bank')).toBeNull();
    expect(describeYardstickBeforeRun('dcf', 'other')).toBeNull();
    expect(describeYardstickBeforeRun('fundamental', 'other')).toBeNull();
  });
});
