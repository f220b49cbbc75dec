import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { analysisBuilders } from '../runs/index.ts';
import type { FundamentalSections } from '../runs/fundamental.ts';
import { companyRules } from '../writer/company-rules.ts';
import { readFacts } from '../writer/note-rules.ts';
import type { Fact } from '../analysis-types.ts';
import { classifyCompany } from './company-class.ts';
import { computeBookValuePerShareCagr, computeReturnOnTangibleEquity, computeTangibleEquityRatio, leverageBandOf, selectYardstick } from './yardsticks.ts';

const data = openBundledAnalysisData();
const period = (values: Record<string, number>) => ({ end: '2025-12-31', fiscalYear: 2025, values, filed: {} });
const build = async (kind: 'fundamental' | 'balance-sheet' | 'overview', symbol: string, subtype: string | null = null) => {
  const r = analysisBuilders[kind](await data.load(symbol), subtype as never);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const factOf = (facts: readonly Fact[], key: string) => facts.find((f) => f.key === key)?.value;

describe('each class of company is judged by its own yardstick (docs/scores.md)', () => {
  it('the class comes from the GICS industry or the SIC description', async () => {
    const yardstickOf = async (s: string) => {
      const { profile } = await data.load(s);
      const input = { sector: profile.sector, industry: profile.industry, sicDescription: profile.sic_description };
      return selectYardstick(classifyCompany(input), input);
    };
    expect(await Promise.all(['JPM', 'BAC', 'PGR', 'TRV', 'O', 'NEE', 'DUK', 'AAPL', 'XOM'].map(yardstickOf))).toEqual([
      'bank',
      'bank',
      'insurer',
      'insurer',
      'reit',
      'utility',
      'utility',
      'other',
      'other',
    ]);
  });

  it('bank, JPM FY2025: ROTE = 57,048 / (362,438 − 64,458) = 57,048 / 297,980 = 19.14 %; TE/TA = 297,980 / (4,424,900 − 64,458) = 6.83 % ($M)', async () => {
    const fy = period({ net_income: 57_048e6, total_equity: 362_438e6, goodwill_intangibles: 64_458e6, total_assets: 4_424_900e6 });
    const rote = computeReturnOnTangibleEquity(fy);
    const teta = computeTangibleEquityRatio(fy);
    if (!rote.ok || !teta.ok) throw new Error('computed');
    expect(rote.value).toBeCloseTo(57_048 / 297_980, 10);
    expect(teta.value).toBeCloseTo(297_980 / 4_360_442, 10);
    // The analysis states the same figures, and what a bank is not judged by.
    const a = await build('balance-sheet', 'JPM');
    expect(factOf(a.facts, 'rote')).toBe(19.14);
    expect(factOf(a.facts, 'tangible_equity_ratio')).toBe(6.83);
    expect(factOf(a.facts, 'company_class')).toBe('Bank');
    const notApplicable = (a.sections as unknown as FundamentalSections).missing.filter((m) => m.not_applicable).map((m) => m.key);
    expect(notApplicable).toEqual(expect.arrayContaining(['debt_to_equity', 'net_debt_to_ebitda', 'interest_cover', 'current_ratio', 'altman_z']));
    // P/TBV: market cap over the same 297,980.
    const v = await build('fundamental', 'JPM', 'valuation');
    expect(factOf(v.facts, 'price_tangible_book')).toBeCloseTo((factOf(v.facts, 'market_cap') as number) / 297_980e6, 2);
    // The efficiency ratio is named as missing, with why, never estimated.
    const p = await build('fundamental', 'JPM', 'profitability');
    expect((p.sections as unknown as FundamentalSections).missing.find((m) => m.key === 'efficiency_ratio')?.reason).toMatch(
      /do not break out non-interest expense/,
    );
    expect(p.note.strengths.map((s) => s.text).join(' ')).toContain('It earns 19.14 % on its tangible equity, a high return for a bank.');
  });

  it('insurer, PGR: book value per share 30,323 / 588.1 = 51.56 in FY2025 against 17,038.6 / 587.6 = 29.00 in FY2020: (51.56 / 29.00)^(1/5) − 1 = 12.2 % a year', async () => {
    const years = [2020, 2021, 2022, 2023, 2024, 2025];
    const equity = [17_038.6e6, 18_231.6e6, 15_891e6, 20_277e6, 25_591e6, 30_323e6];
    const shares = [587.6e6, 587.1e6, 587.1e6, 587.5e6, 587.7e6, 588.1e6];
    const annual = years.map((y, i) => ({ end: `${y}-12-31`, fiscalYear: y, values: { total_equity: equity[i]!, shares_diluted: shares[i]! }, filed: {} }));
    const cagr = computeBookValuePerShareCagr({ symbol: 'PGR', annual, quarterly: [] });
    if (!cagr.ok) throw new Error(cagr.error.message);
    expect(cagr.value).toBeCloseTo((30_323 / 588.1 / (17_038.6 / 587.6)) ** (1 / 5) - 1, 10);
    const g = await build('fundamental', 'PGR', 'growth');
    expect(factOf(g.facts, 'book_value_per_share_cagr_5y')).toBe(12.2);
    expect(factOf(g.facts, 'company_class')).toBe('Insurer');
  });

  it('REIT, O FY2025: FFO = 1,058.6 + 2,524.2 = 3,582.8; AFFO = 3,582.8 − min(131.8 capex, 15 % × 2,524.2) = 3,451.0; P/AFFO = market cap / 3,451.0 ($M); no Altman, no P/E verdict', async () => {
    const v = await build('fundamental', 'O', 'valuation');
    const cap = factOf(v.facts, 'market_cap') as number;
    expect(factOf(v.facts, 'price_to_affo')).toBeCloseTo(cap / (1_058.59e6 + 2_524.2e6 - 131.8e6), 2);
    const b = await build('balance-sheet', 'O');
    const altman = (b.sections as unknown as FundamentalSections).missing.find((m) => m.key === 'altman_z');
    expect(altman).toMatchObject({ not_applicable: true, reason: expect.stringContaining('not applicable to REITs') });
    const text = [b.note.headline, ...b.note.strengths, ...b.note.risks, b.note.verdict].map((s) => s.text).join(' ');
    expect(text).not.toMatch(/Altman|trailing earnings|Return on equity is only/);
  });

  it('utility, leverage bands: net debt of 4.5 years of EBITDA is a risk for an industrial company (band 3×), not for a utility (band 6×); 6.5 is for both', () => {
    expect(leverageBandOf('utility').netDebtToEbitdaHigh).toBe(6);
    expect(leverageBandOf('other').netDebtToEbitdaHigh).toBe(3);
    const rule = companyRules.find((r) => r.id === 'net_debt_high')!;
    const facts = (nd: number, judgedAs?: string): Fact[] => [
      { key: 'net_debt_to_ebitda', label: 'Net debt / EBITDA', value: nd, unit: 'times', period: 'FY2025', source: 'computed', as_of: '2026-02-01' },
      ...(judgedAs
        ? [{ key: 'company_class', label: 'Judged as', value: judgedAs, unit: 'label' as const, period: 'FY2025', source: 'computed', as_of: '2026-02-01' }]
        : []),
    ];
    expect(rule.salience(readFacts(facts(4.5)))).not.toBeNull();
    expect(rule.salience(readFacts(facts(4.5, 'Utility')))).toBeNull();
    expect(rule.salience(readFacts(facts(6.5, 'Utility')))).not.toBeNull();
    expect(rule.text(readFacts(facts(6.5, 'Utility')), { symbol: 'DUK', name: 'Duke Energy' })).toBe(
      'Net debt is 6.50 years of EBITDA, heavy borrowing for its earnings for a utility.',
    );
  });

  it('utility, DUK: judged on the utility band, with no Altman distress and no current-ratio alarm (negative working capital by design)', async () => {
    const b = await build('balance-sheet', 'DUK');
    expect(factOf(b.facts, 'company_class')).toBe('Utility');
    const risks = b.note.risks.map((s) => s.text).join(' ');
    expect(risks).not.toMatch(/Altman|current ratio/i);
    expect(risks).toMatch(/years of EBITDA, heavy borrowing for its earnings for a utility/);
  });
});
