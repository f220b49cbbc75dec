import type { Coverage, Profile } from '../../market/types.ts';
import type { AnalysisInputName, AnalysisKind, BuildAnalysis, Unavailable } from '../analysis-types.ts';
import { buildBalanceSheet } from './balance-sheet.ts';
import { buildDcf } from './dcf.ts';
import { buildEtf } from './etf.ts';
import { buildFundamental } from './fundamental.ts';
import { buildOverview } from './overview.ts';
import { buildTechnical } from './technical.ts';

export type { BalanceSheetSections } from './balance-sheet.ts';
export type { DcfSections } from './dcf.ts';
export type { EtfSections } from './etf.ts';
export type { FundamentalSections } from './fundamental.ts';
export type { OverviewSections } from './overview.ts';
export type { TechnicalSections } from './technical.ts';

/** One builder per kind: pure, inputs in, the finished body (facts, note, sections) out. */
export const analysisBuilders: Record<AnalysisKind, BuildAnalysis> = {
  overview: buildOverview,
  fundamental: buildFundamental,
  technical: buildTechnical,
  'balance-sheet': buildBalanceSheet,
  etf: buildEtf,
  dcf: buildDcf,
};

/**
 * The inputs the feature must load for each kind (everything else may be left null or empty). Company
 * kinds price off the last daily bar, else the last month-end close, on or before the data day.
 */
export const analysisRequirements: Record<AnalysisKind, AnalysisInputName[]> = {
  overview: ['daily', 'monthly', 'fundamentals', 'dividends', 'sectorTable'],
  fundamental: ['daily', 'monthly', 'fundamentals', 'dividends', 'sectorTable'],
  technical: ['daily', 'benchmark'],
  'balance-sheet': ['daily', 'monthly', 'fundamentals'],
  etf: ['quote', 'daily', 'etf', 'compareEtf', 'dividends'],
  dcf: ['daily', 'monthly', 'benchmark', 'fundamentals', 'sectorTable'],
};

const KIND_NAMES: Record<AnalysisKind, string> = {
  overview: 'An overview',
  fundamental: 'Fundamental analysis',
  technical: 'Technical analysis',
  'balance-sheet': 'Balance sheet analysis',
  etf: 'ETF analysis',
  dcf: 'A DCF valuation',
};

/**
 * Why `kind` cannot run for a symbol with this profile and coverage, in words for its card and the 422;
 * null when it can. Checked before any charge.
 */
export function checkAvailability(kind: AnalysisKind, { profile, coverage }: { profile: Profile; coverage: Coverage }): Unavailable | null {
  const no = (input: string, reason: string): Unavailable => ({ kind, reason, input });
  if (kind === 'etf') {
    if (profile.type !== 'etf') return no('etf', 'ETF analysis needs an ETF');
    return coverage.etf ? null : no('etf', 'No holdings or costs for this ETF');
  }
  if (kind === 'technical') return coverage.history === 'daily' ? null : no('daily', 'Technical analysis needs daily prices');
  if (profile.type === 'etf') return no('fundamentals', `${KIND_NAMES[kind]} needs a company's statements; ${profile.symbol} is an ETF`);
  if (!coverage.fundamentals) return no('fundamentals', 'No fundamentals for this symbol');
  if (!coverage.quote) return no('quote', `${KIND_NAMES[kind]} needs a price for this symbol`);
  return null;
}
