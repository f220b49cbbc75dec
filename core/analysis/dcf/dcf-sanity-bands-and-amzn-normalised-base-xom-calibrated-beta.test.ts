import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { CompanyFinancials } from '../financials.ts';
import { buildDcf } from '../runs/dcf.ts';
import { findUnbackedNumbers } from '../writer/index.ts';
import { checkDcfSanity, type DcfSanityInputs, FAIR_VALUE_BAND, TERMINAL_SHARE_LIMIT, WACC_RANGE } from './sanity-check.ts';

/*
 * Issue 30, item 5: a DCF result outside the bands an analyst would accept is flagged with the input that
 * drives it, and the note opens with the caution, before the number.
 */
const data = openBundledAnalysisData();
const noHistory: CompanyFinancials = { annual: [], quarterly: [] } as unknown as CompanyFinancials;
const inside: DcfSanityInputs = {
  financials: noHistory,
  baseFcfUsd: 100,
  perShareUsd: 100,
  priceUsd: 100,
  wacc: 0.08,
  terminalShare: 0.6,
  explicitGrowth: 0.05,
  growthClamped: false,
  financial: false,
};

describe('the bands', () => {
  it(`fair value ${FAIR_VALUE_BAND.low}× the price is inside, 0.39× is flagged; ${FAIR_VALUE_BAND.high}× inside, 2.51× flagged`, () => {
    expect(checkDcfSanity({ ...inside, perShareUsd: 40 })).toEqual([]);
    expect(checkDcfSanity({ ...inside, perShareUsd: 39 }).map((f) => f.code)).toEqual(['fair_value_far_below_price']);
    expect(checkDcfSanity({ ...inside, perShareUsd: 250 })).toEqual([]);
    expect(checkDcfSanity({ ...inside, perShareUsd: 251 }).map((f) => f.code)).toEqual(['fair_value_far_above_price']);
  });
  it(`terminal value over ${TERMINAL_SHARE_LIMIT * 100} % of EV and a WACC outside ${WACC_RANGE.min * 100}–${WACC_RANGE.max * 100} % are flagged; a bank's WACC is not`, () => {
    expect(checkDcfSanity({ ...inside, terminalShare: 0.86 }).map((f) => f.input)).toEqual(['terminal_value_share']);
    expect(checkDcfSanity({ ...inside, wacc: 0.0484 }).map((f) => `${f.code}:${f.input}`)).toEqual(['wacc_out_of_range:beta']);
    expect(checkDcfSanity({ ...inside, wacc: 0.16 }).map((f) => `${f.code}:${f.input}`)).toEqual(['wacc_out_of_range:wacc']);
    expect(checkDcfSanity({ ...inside, wacc: 0.0484, financial: true })).toEqual([]);
  });
  it('messages carry no figures, so the number check of the note holds', () => {
    for (const f of [
      ...checkDcfSanity({ ...inside, perShareUsd: 10, growthClamped: true }),
      ...checkDcfSanity({ ...inside, perShareUsd: 900, wacc: 0.04, terminalShare: 0.9 }),
    ])
      expect(f.message, f.code).not.toMatch(/\d/);
  });
});

describe('on the bundled data', () => {
  it("AMZN, mid-capex-cycle: no longer $3.68 — its base is after-tax operating profit less the reinvestment its growth needs, not one year's free cash flow", async () => {
    const inputs = await data.load('AMZN');
    const r = buildDcf(inputs);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.sections;
    const base = s.valuation!.base!;
    expect(base.method).toBe('nopat_minus_reinvestment');
    // capex / D&A > 1.5 with revenue growing: investing for growth.
    expect(base.capexToDepreciation!).toBeGreaterThan(1.5);
    // base = operating income × (1 − t) − revenue × g ÷ sales-to-capital.
    expect(base.nopatUsd!).toBeCloseTo(
      inputs.fundamentals!.annual.income.find((l) => l.key === 'operating_income')!.values.at(-1)!.value! * (1 - s.wacc.tax.rate),
      0,
    );
    expect(base.reinvestmentUsd!).toBeCloseTo((base.revenueUsd! * s.assumptions.explicit_growth) / base.salesToCapital!, 0);
    expect(base.baseUsd).toBeCloseTo(base.nopatUsd! - base.reinvestmentUsd!, 0);
    // The one-year base valued the company at 0.015× its price; the normalised one at more than ten times that.
    expect(s.fair_value_per_share / s.price).toBeGreaterThan(0.15);
    expect(findUnbackedNumbers(r.value.note, r.value.facts, [inputs.profile.name])).toEqual([]);
    // Whatever it lands on, a value beyond the band is flagged before the number, with the input that drives it.
    if (s.fair_value_per_share / s.price < FAIR_VALUE_BAND.low) {
      expect(s.sanity[0]?.code).toBe('fair_value_far_below_price');
      expect(r.value.note.headline.text.startsWith('Read with care: The fair value is far below the price')).toBe(true);
    }
  });
  it("XOM: no longer discounted at 4.84 % — its calibrated beta (weekly, Blume, half-way to the energy sector's bottom-up beta, floored) keeps the WACC within 5–15 %", async () => {
    const xom = buildDcf(await data.load('XOM'));
    if (!xom.ok) throw new Error(xom.error.message);
    const s = xom.value.sections;
    expect(s.assumptions.beta).toBeGreaterThanOrEqual(0.6);
    expect(s.wacc.wacc).toBeGreaterThanOrEqual(WACC_RANGE.min);
    expect(s.wacc.wacc).toBeLessThanOrEqual(WACC_RANGE.max);
    expect(s.sanity.map((f) => f.code)).not.toContain('wacc_out_of_range');
    const aapl = buildDcf(await data.load('AAPL'));
    if (!aapl.ok) throw new Error(aapl.error.message);
    expect(aapl.value.note.headline.text.startsWith('Apple')).toBe(true);
  });
});
