import type { AnalysisInputs } from '../analysis-types.ts';
import type { DcfCompanyData } from '../dcf/company-inputs.ts';
import { toCloses } from '../valuation/beta.ts';
import type { ValuationContext } from '../valuation/value-company.ts';
import type { CompanyView } from './company.ts';

/** What the valuation reads of one company's analysis inputs: the DCF analysis and the studio build it alike, so both value it alike. */
export function toValuationContext(inputs: AnalysisInputs, view: CompanyView, company: DcfCompanyData, priceUsd: number): ValuationContext {
  const history = inputs.daily ?? inputs.monthly;
  return {
    symbol: inputs.symbol,
    financials: view.financials,
    company,
    companyClass: view.companyClass,
    sector: inputs.profile.sector,
    industry: inputs.profile.industry,
    priceUsd,
    asOf: inputs.asOf,
    series: history ? toCloses(history) : null,
    interval: inputs.daily ? 'daily' : 'monthly',
    benchmark: inputs.benchmark ? toCloses(inputs.benchmark) : null,
    sectorTable: inputs.sectorTable,
    capm: inputs.capm ?? null,
  };
}
