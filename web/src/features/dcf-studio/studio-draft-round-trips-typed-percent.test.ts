import { describe, expect, it } from 'vitest';
import type { DcfStudioInputs } from '../../../../core/analysis/dcf/studio.ts';
import { fromDraft, isSameDraft, toDraft } from './studio-draft.ts';

const inputs: DcfStudioInputs = {
  explicit_years: 5,
  fade_years: 5,
  explicit_growth: 0.084472,
  terminal_growth: 0.025,
  risk_free_rate: 0.0458,
  equity_risk_premium: 0.0433,
  beta: 0.85931,
  cost_of_debt: 0.0608,
  tax_rate: 0.1561,
  debt_weight: 0.0214,
};

describe('the studio form: percent as typed, read back by the same division the e2e test uses', () => {
  it('shows fractions as percent with 2 decimals: 0.084472 → "8.45", 0.0458 → "4.58", beta 0.85931 → "0.86", years whole', () => {
    const d = toDraft(inputs);
    expect(d).toMatchObject({
      explicit_years: '5',
      explicit_growth: '8.45',
      terminal_growth: '2.5',
      risk_free_rate: '4.58',
      beta: '0.86',
      debt_weight: '2.14',
    });
  });

  it('reads "8.45" as 8.45 / 100, "" and "abc" as NaN (refused by name), and a decimal comma as a point', () => {
    const d = { ...toDraft(inputs), fade_years: '', beta: 'abc', tax_rate: '15,5' };
    const back = fromDraft(d);
    expect(back.explicit_growth).toBe(8.45 / 100);
    expect(back.fade_years).toBeNaN();
    expect(back.beta).toBeNaN();
    expect(back.tax_rate).toBe(15.5 / 100);
  });

  it('a draft read and shown again is the same draft (reopening a saved valuation restores what was typed)', () => {
    const d = toDraft(inputs);
    expect(toDraft(fromDraft(d))).toEqual(d);
    expect(isSameDraft(d, { ...d, explicit_growth: '8.450' })).toBe(true);
    expect(isSameDraft(d, { ...d, explicit_growth: '8.46' })).toBe(false);
  });

  it('untouched fields keep the exact figures behind their rounded text (beta 0.85931 shown "0.86"); a typed field is valued as typed', () => {
    const d = toDraft(inputs);
    // Unedited: every field is the exact input, so the studio opens on the same value as the DCF analysis.
    expect(fromDraft(d, inputs)).toEqual(inputs);
    // Beta typed as 0.9 and growth typed as 9: valued as typed (9 / 100), the rest stay exact.
    const edited = fromDraft({ ...d, beta: '0.9', explicit_growth: '9' }, inputs);
    expect(edited.beta).toBe(0.9);
    expect(edited.explicit_growth).toBe(9 / 100);
    expect(edited.tax_rate).toBe(0.1561);
    expect(edited.debt_weight).toBe(0.0214);
    // Retyping the shown text is not an edit: "0.86" is still the exact 0.85931.
    expect(fromDraft({ ...d, beta: '0.86' }, inputs).beta).toBe(0.85931);
  });
});
