import type { AnalysisBody, AnalysisInputs, FundamentalSubtype } from '../analysis-types.ts';
import type { AltmanScore } from '../fundamentals/altman.ts';
import type { RatioKey } from '../fundamentals/ratios.ts';
import { type EngineResult, ok } from '../result.ts';
import { attributeCompany } from '../attribution/company-attribution.ts';
import { putDriverFacts } from '../attribution/driver-facts.ts';
import { writeNote } from '../writer/index.ts';
import {
  buildCompanyView,
  collectLinesByYear,
  computeRatiosByYear,
  findNewestFiling,
  putAltman,
  putLine,
  putMarket,
  putPiotroski,
  putRatios,
  putYardstickFacts,
} from './company.ts';
import { FactSheet, type MissingFact } from './facts.ts';
import type { YearRow } from './fundamental.ts';

const LIQUIDITY: RatioKey[] = ['current_ratio', 'quick_ratio'];
const LEVERAGE: RatioKey[] = ['debt_to_equity', 'net_debt_to_ebitda', 'interest_cover'];
/** The minimum set for fundamental and balance-sheet analyses beyond liquidity and leverage. */
const CONTEXT: RatioKey[] = ['net_margin', 'roe', 'revenue_cagr_5y', 'pe_ttm'];
const LINES = ['cash', 'current_assets', 'total_assets', 'current_liabilities', 'total_debt', 'total_liabilities', 'total_equity'];

export interface BalanceSheetSections {
  /** Liquidity and leverage ratios by fiscal year, oldest first. */
  ratios_by_year: YearRow[];
  /** Assets, liabilities and equity (and their main parts) by fiscal year in USD, oldest first. */
  lines_by_year: YearRow[];
  /** The Altman score with its five (Z″: four) weighted inputs; null with a reason in `missing` (banks, insurers). */
  altman: AltmanScore | null;
  missing: MissingFact[];
}

/** Balance-sheet analysis: liquidity, leverage, Altman Z with its inputs, and the balance sheet by year. */
export function buildBalanceSheet(inputs: AnalysisInputs, _subtype: FundamentalSubtype | null = null): EngineResult<AnalysisBody<BalanceSheetSections>> {
  const viewResult = buildCompanyView(inputs);
  if (!viewResult.ok) return viewResult;
  const view = viewResult.value;
  const sheet = new FactSheet();
  putMarket(sheet, view, inputs.daily?.source ?? inputs.monthly?.source ?? 'computed');
  putRatios(sheet, view, [...LIQUIDITY, ...LEVERAGE, ...CONTEXT]);
  putPiotroski(sheet, view);
  putYardstickFacts(sheet, view, 'balance-sheet');
  putAltman(sheet, view);
  if (view.altman.ok) {
    const origin = { period: `FY${view.altman.value.fiscalYear}`, source: 'computed', as_of: findNewestFiling(view.latest) };
    for (const v of view.altman.value.variables) sheet.put(`altman_${v.id}`, v.value, origin, { label: `Altman ${v.id.toUpperCase()}: ${v.label}` });
  }
  for (const key of LINES) putLine(sheet, view, key);
  const sections: BalanceSheetSections = {
    ratios_by_year: computeRatiosByYear(view, [...LIQUIDITY, ...LEVERAGE]),
    lines_by_year: collectLinesByYear(view, LINES),
    altman: view.altman.ok ? view.altman.value : null,
    missing: sheet.missing,
  };
  const attribution = attributeCompany(view, []);
  putDriverFacts(sheet, attribution);
  const note = writeNote('balance-sheet', null, sheet.facts, { symbol: inputs.symbol, name: inputs.profile.name, attribution });
  return ok({ kind: 'balance-sheet', subtype: null, symbol: inputs.symbol, as_of: inputs.asOf, facts: sheet.facts, note, sections, attribution });
}
