import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { buildCompanyView } from '../runs/company.ts';
import type { FundamentalSections } from '../runs/fundamental.ts';
import { analysisBuilders } from '../runs/index.ts';
import { classifySafetyBand, computeDividendSafety } from './dividend-safety.ts';

describe('a REIT’s dividend is judged on the cash it pays from: Realty Income (O), FY2025', async () => {
  const view = buildCompanyView(await openBundledAnalysisData().load('O'));
  if (!view.ok) throw new Error(view.error.message);
  const { financials, payoutBasis } = view.value;

  it('O is a REIT: its payout basis is AFFO; a manufacturer’s (KO) stays net income', async () => {
    expect(payoutBasis).toBe('affo');
    const ko = buildCompanyView(await openBundledAnalysisData().load('KO'));
    expect(ko.ok && ko.value.payoutBasis).toBe('earnings');
  });

  it('paid $2,920.9M: 276 % of net income ($1,058.6M) but 84.6 % of AFFO = 1,058.6 + 2,524.2 D&A − 131.8 capex (below 15 % of D&A) = $3,451.0M', () => {
    const onEarnings = computeDividendSafety(financials, null, { payoutBasis: 'earnings' });
    const onAffo = computeDividendSafety(financials, null, { payoutBasis });
    if (!onEarnings.ok || !onAffo.ok) throw new Error('no safety score');
    expect(onEarnings.value.components[0]!.value).toBeCloseTo(2920.895 / 1058.59, 4);
    const affoUsd = 1_058_590_000 + 2_524_200_000 - Math.min(131_800_000, 0.15 * 2_524_200_000);
    expect(affoUsd).toBeCloseTo(3_450_990_000, -4);
    expect(onAffo.value.components[0]!.value).toBeCloseTo(2_920_895_000 / affoUsd, 6);
    expect(onAffo.value.components[0]!.note).toContain('AFFO');
    // The payout ramp is full at 40 % and empty at 100 %: 84.6 % earns (1 − 0.846) / 0.6 = 25.6 % of its 30 points, not 0.
    expect(onAffo.value.components[0]!.points).toBeCloseTo((1 - 2_920_895_000 / affoUsd) / 0.6, 6);
    expect(classifySafetyBand(onEarnings.value.score)).toBe('unsafe');
    expect(classifySafetyBand(onAffo.value.score)).toBe('borderline');
  });

  it('the dividend view lists the payout on net income as not applicable to a REIT, and its note never leans on it', async () => {
    const r = analysisBuilders.fundamental(await openBundledAnalysisData().load('O'), 'dividends');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.facts.find((f) => f.key === 'earnings_payout')).toBeUndefined();
    const na = (r.value.sections as unknown as FundamentalSections).missing.find((m) => m.key === 'earnings_payout');
    expect(na).toMatchObject({ not_applicable: true, reason: expect.stringContaining('AFFO') });
    const cited = [r.value.note.headline, ...r.value.note.strengths, ...r.value.note.risks, r.value.note.verdict].flatMap((s) => s.fact_keys);
    expect(cited).not.toContain('earnings_payout');
  });
});
