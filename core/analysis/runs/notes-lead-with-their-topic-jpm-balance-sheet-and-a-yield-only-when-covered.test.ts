import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { analysisBuilders } from './index.ts';

const data = openBundledAnalysisData();

async function noteOf(symbol: string, kind: 'balance-sheet' | 'fundamental', subtype: 'financial-health' | 'dividends' | 'valuation' | null = null) {
  const r = analysisBuilders[kind](await data.load(symbol), subtype);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('a note leads with its own topic', () => {
  it("JPM's balance sheet opens on its tangible equity (6.83 % of tangible assets), never on the net margin", async () => {
    const body = await noteOf('JPM', 'balance-sheet');
    const ratio = body.facts.find((f) => f.key === 'tangible_equity_ratio')!;
    // Tangible equity / tangible assets, as the fact sheet holds it; the headline states that figure.
    expect(ratio.value).toBeCloseTo(6.83, 2);
    expect(body.note.headline.text).toBe(
      'On the balance sheet, JPMorgan Chase (JPM) holds tangible equity of 6.83 % of its tangible assets; no risk we test for shows up.',
    );
    expect(body.note.headline.fact_keys).toEqual(['tangible_equity_ratio']);
  });

  it('a bank has no financial health grade (its grade metrics do not fit a lender), so the view opens on its capital', async () => {
    const body = await noteOf('JPM', 'fundamental', 'financial-health');
    expect(body.facts.find((f) => f.key === 'grade_health')?.value ?? null).toBeNull();
    expect(body.note.headline.text).toMatch(/^On financial health, JPMorgan Chase \(JPM\) holds tangible equity of 6\.83 %/);
  });

  it("a bank's value grade is never moved by EBITDA / enterprise value", async () => {
    const body = await noteOf('JPM', 'fundamental', 'valuation');
    expect(body.note.verdict.text).not.toMatch(/enterprise value/i);
  });

  it("Realty Income's 5 % yield is not listed as a strength while its dividend safety is under 60 (a stretched payout)", async () => {
    const body = await noteOf('O', 'fundamental', 'dividends');
    const safety = body.facts.find((f) => f.key === 'dividend_safety')!.value as number;
    expect(safety).toBeLessThan(60);
    expect(body.note.strengths.flatMap((s) => s.fact_keys)).not.toContain('dividend_yield');
    expect(body.note.headline.text).not.toMatch(/led by the dividend yield/);
  });

  it("JPM's covered dividend (safety 96) leads its dividend note by the streak, in words: 15 years without a dividend cut", async () => {
    const body = await noteOf('JPM', 'fundamental', 'dividends');
    expect(body.note.headline.text).toBe(
      'JPMorgan Chase (JPM) has a dividend safety score of 96 out of 100, led by 15 years without a dividend cut; no risk we test for shows up.',
    );
  });
});

describe("a REIT's dividend view states what it pays from", () => {
  it('Realty Income FY2025: FFO = net income + depreciation, AFFO = FFO − recurring capex, payout on AFFO $2,920.9M / $3,451.0M = 84.6 %', async () => {
    const body = await noteOf('O', 'fundamental', 'dividends');
    const fact = (key: string) => body.facts.find((f) => f.key === key)!;
    expect(fact('ffo').period).toBe('FY2025: net income + depreciation');
    expect(fact('affo').period).toMatch(/^FY2025: FFO − recurring capex/);
    expect(fact('ffo').value as number).toBeGreaterThan(fact('affo').value as number);
    expect(fact('affo').value as number).toBeCloseTo(3_450_990_000, -6);
    expect(fact('affo_payout').value).toBeCloseTo((2_920.9 / 3_451.0) * 100, 0);
    // Not on net income: that payout is listed as not applicable for a REIT.
    expect(body.facts.find((f) => f.key === 'earnings_payout')).toBeUndefined();
  });
});
