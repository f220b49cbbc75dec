import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisInputs } from '../analysis-types.ts';
import { runDcfStudio } from '../dcf/studio.ts';
import { buildDcf } from './dcf.ts';
import { buildDcfStudioSetup } from './dcf-studio.ts';

/*
 * Issue 30, item 7: the studio serves the analysis's valuation. Its base preset (the calibrated beta, the
 * synthetic-rating cost of debt, the same tax and debt weight, the same base cash flow and growth) gives the
 * analysis's model value: AAPL on its average FCF margin, AMZN built year by year from revenue (the studio's
 * base is the one cash flow giving the same enterprise value), O on AFFO and DUK on dividends (no debt
 * bridge, discounted at the cost of equity). JPM, valued on book value, has no studio, said in words.
 */
const inputs = new Map<string, AnalysisInputs>();
beforeAll(async () => {
  const data = openBundledAnalysisData();
  for (const s of ['AAPL', 'AMZN', 'O', 'DUK', 'JPM']) inputs.set(s, await data.load(s));
});

describe("the studio's base preset reproduces the analysis's model value", () => {
  it.each([
    ['AAPL', 'average_fcf_margin'],
    ['AMZN', 'built_from_revenue'],
    ['O', 'affo'],
    ['DUK', 'dividends'],
  ])('%s (%s)', (symbol, basis) => {
    const setup = buildDcfStudioSetup(inputs.get(symbol)!);
    if (!setup.ok) throw new Error(setup.error.message);
    expect(setup.value.fcfBasis).toBe(basis);
    const analysis = buildDcf(inputs.get(symbol)!);
    if (!analysis.ok) throw new Error(analysis.error.message);
    const studio = runDcfStudio(setup.value.company, setup.value.defaults);
    if (!studio.ok) throw new Error(studio.error.message);
    expect(studio.value.valuation.perShareUsd).toBeCloseTo(analysis.value.sections.valuation!.model_value_per_share, 6);
    expect(setup.value.defaults.beta).toBeCloseTo(analysis.value.sections.assumptions.beta, 12);
  });

  it('JPM is valued on book value: the studio says so instead of projecting cash flows', () => {
    const setup = buildDcfStudioSetup(inputs.get('JPM')!);
    expect(setup.ok).toBe(false);
    if (!setup.ok)
      expect(setup.error.message).toBe(
        "JPM is valued on its equity (justified price-to-book), which the studio's cash-flow model does not express: run the DCF analysis to see its valuation.",
      );
  });
});
