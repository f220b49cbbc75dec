import { describe, expect, it } from 'vitest';
import { REVERSE_DCF_SEARCH, solveImpliedGrowth } from './reverse-dcf.ts';
import type { DcfCompanyInputs } from './two-stage.ts';

// The worked example of dcf-two-stage-terminal-growth: at 10 % growth, r = 10 %, gT = 2 %, 3 years,
// the company is worth 135 a share (EV 1,575 − net debt 200 − NCI 25 = 1,350 over 10 shares).
const company: DcfCompanyInputs = { baseFcfUsd: 100, sharesDiluted: 10, totalDebtUsd: 300, cashUsd: 100, nciUsd: 25, priceUsd: 135 };
const parameters = { discountRate: 0.1, terminalGrowth: 0.02, explicitYears: 3, fadeYears: 0 };

describe('reverse DCF: the growth a price implies, by bisection on [−50 %, +100 %]', () => {
  it('a price of 135 implies 10 % growth, to the 1e-6 tolerance, in ⌈log2(1.5 / 1e-6)⌉ = 21 halvings', () => {
    const r = solveImpliedGrowth(company, parameters);
    if (!r.ok || r.value.status !== 'solved') throw new Error('expected a root');
    expect(Math.abs(r.value.impliedGrowth - 0.1)).toBeLessThan(REVERSE_DCF_SEARCH.tolerance);
    expect(r.value.iterations).toBe(21);
    expect(r.value.perShareUsd).toBeCloseTo(135, 3);
  });

  it('a price of 100 implies growth between 0 % (98.16 a share) and 10 % (135 a share), and revalues to 100', () => {
    const r = solveImpliedGrowth({ ...company, priceUsd: 100 }, parameters);
    if (!r.ok || r.value.status !== 'solved') throw new Error('expected a root');
    expect(r.value.perShareUsd).toBeCloseTo(100, 3);
    // Zero growth: (Σ 100/1.1^t + 100 × 1.02/0.08/1.331 − 225) / 10 = (248.685 + 957.926 − 225) / 10 ≈ 98.16 < 100.
    expect(r.value.impliedGrowth).toBeGreaterThan(0);
    expect(r.value.impliedGrowth).toBeLessThan(0.1);
  });

  it('no root when the price is below the value even at −50 % a year', () => {
    // No debt, cash or NCI. At −50 %: FCF 50, 25, 12.5; PV 45.455 + 20.661 + 9.391 = 75.507;
    // TV 12.5 × 1.02 / 0.08 = 159.375, PV 119.741; EV 195.248 → 19.52 a share > a price of 10.
    const r = solveImpliedGrowth({ ...company, totalDebtUsd: 0, cashUsd: 0, nciUsd: 0, priceUsd: 10 }, parameters);
    expect(r.ok && r.value).toMatchObject({ status: 'no_root', side: 'price_below_bracket', priceUsd: 10 });
    expect(r.ok && r.value.status === 'no_root' && r.value.perShareAtLowUsd).toBeCloseTo(19.5248, 3);
  });

  it('no root when the price is above the value even at +100 % a year', () => {
    // At +100 %: FCF 200, 400, 800; PV 181.818 + 330.579 + 601.052 = 1,113.449; TV 800 × 1.02 / 0.08 = 10,200,
    // PV 7,663.411; EV 8,776.860 → 877.69 a share < a price of 10,000.
    const r = solveImpliedGrowth({ ...company, totalDebtUsd: 0, cashUsd: 0, nciUsd: 0, priceUsd: 10_000 }, parameters);
    expect(r.ok && r.value).toMatchObject({ status: 'no_root', side: 'price_above_bracket' });
    expect(r.ok && r.value.status === 'no_root' && r.value.perShareAtHighUsd).toBeCloseTo(877.686, 2);
  });

  it('typed errors: no price, r − g below 1.5 points, a bracket too coarse for its iteration cap', () => {
    expect(solveImpliedGrowth({ ...company, priceUsd: null }, parameters)).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'price' } });
    expect(solveImpliedGrowth(company, { ...parameters, terminalGrowth: 0.09 })).toMatchObject({ ok: false, error: { input: 'terminal_growth' } });
    expect(solveImpliedGrowth(company, parameters, { ...REVERSE_DCF_SEARCH, maxIterations: 20 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_parameter', input: 'search' },
    });
  });
});
