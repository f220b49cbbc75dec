import type { AnalysisInputs, Fact } from '../analysis/analysis-types.ts';
import { extractDcfCompanyData } from '../analysis/dcf/company-inputs.ts';
import { computeDcf } from '../analysis/dcf/two-stage.ts';
import { type EngineResult, fail, ok } from '../analysis/result.ts';
import { buildCompanyView } from '../analysis/runs/company.ts';
import { buildDcf, type DcfSections } from '../analysis/runs/dcf.ts';
import { FactSheet } from '../analysis/runs/facts.ts';

/** The inputs a question may choose, in percent (`wacc_pct` 9 = 9 %); each one left out keeps the DCF analysis's own. */
export interface DcfChoices {
  wacc_pct?: number;
  terminal_growth_pct?: number;
  growth_pct?: number;
}

const hasChoices = (c: DcfChoices) => c.wacc_pct !== undefined || c.terminal_growth_pct !== undefined || c.growth_pct !== undefined;

/**
 * The DCF analysis's facts, or, with chosen inputs, the same two-stage model re-run with them: the
 * analysis's own WACC, explicit growth and terminal growth stand in for any input not chosen, so
 * without choices the figures are exactly the /dcf page's.
 */
export function buildDcfScenario(inputs: AnalysisInputs, choices: DcfChoices): EngineResult<{ facts: Fact[]; asOf: string }> {
  const base = buildDcf(inputs);
  if (!base.ok) return base;
  if (!hasChoices(choices)) return ok({ facts: base.value.facts, asOf: base.value.as_of });
  const s = base.value.sections as DcfSections;
  if (s.valuation?.model === 'justified_pb')
    return fail(
      'not_applicable',
      'wacc_pct',
      `${inputs.symbol} is valued on its equity (justified price-to-book), not on discounted cash flows: there is no WACC or growth to change.`,
    );
  const view = buildCompanyView(inputs);
  if (!view.ok) return view;
  const company = extractDcfCompanyData(view.value.financials);
  if (!company.ok) return company;
  const discountRate = choices.wacc_pct === undefined ? s.wacc.wacc : choices.wacc_pct / 100;
  const terminalGrowth = choices.terminal_growth_pct === undefined ? s.assumptions.terminal_growth : choices.terminal_growth_pct / 100;
  const explicitGrowth = choices.growth_pct === undefined ? s.assumptions.explicit_growth : choices.growth_pct / 100;
  if (!(discountRate > 0)) return fail('invalid_parameter', 'wacc_pct', 'WACC must be above 0 %.');
  const v = computeDcf(
    // The analysis's own base (normalised, or AFFO / dividends for an equity model, with no debt bridge then).
    s.valuation && s.valuation.model !== 'fcff'
      ? { baseFcfUsd: s.valuation.base_usd, sharesDiluted: company.value.sharesDiluted, totalDebtUsd: 0, cashUsd: 0, nciUsd: 0, priceUsd: s.price }
      : { ...company.value, baseFcfUsd: s.valuation?.base_usd ?? company.value.baseFcfUsd, priceUsd: s.price },
    { discountRate, terminalGrowth, explicitGrowth, explicitYears: s.assumptions.explicit_years, fadeYears: s.assumptions.fade_years },
  );
  if (!v.ok) return v;
  const priceFact = base.value.facts.find((f) => f.key === 'price');
  const chosen = `your inputs: WACC ${pct(discountRate)}, growth ${pct(explicitGrowth)}, terminal growth ${pct(terminalGrowth)}`;
  const origin = { period: chosen, source: 'computed', as_of: base.value.as_of };
  const sheet = new FactSheet();
  sheet.put('fair_value_per_share', v.value.perShareUsd, origin);
  if (priceFact) sheet.facts.push(priceFact);
  sheet.put('upside_percent', v.value.upside, origin, { scale: 100 });
  sheet.put('wacc', discountRate, { ...origin, period: 'your input' }, { scale: 100 });
  sheet.put('explicit_growth', explicitGrowth, { ...origin, period: 'your input' }, { scale: 100 });
  sheet.put('terminal_growth', terminalGrowth, { ...origin, period: 'your input' }, { scale: 100 });
  sheet.put('terminal_value_share', v.value.terminal.shareOfEnterpriseValue, origin, { scale: 100 });
  return ok({ facts: sheet.facts, asOf: base.value.as_of });
}

const pct = (f: number) => `${Math.round(f * 10000) / 100} %`;
