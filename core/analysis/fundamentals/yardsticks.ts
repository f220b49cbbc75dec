import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { type ClassificationInput, type CompanyClass, isReit } from './company-class.ts';
import { divideByPositive } from './ratio-math.ts';
import { lineOf } from './statement-lines.ts';

/*
 * Sector yardsticks (issue 31): which figures, scores and thresholds a company is judged by. A bank lends
 * its deposits and an insurer invests its reserves, so their "debt" is their raw material: they are read on
 * returns on tangible equity, tangible book and capital, not on current ratios, Piotroski or Altman. A REIT
 * pays from AFFO and carries property debt; a regulated utility funds its grid with debt its regulator lets
 * it earn a return on. Each class and its yardsticks are listed in docs/scores.md.
 */

export type Yardstick = 'bank' | 'insurer' | 'reit' | 'utility' | 'other';

/** The class's name in a sentence and on the page ("judged as a bank"). */
export const YARDSTICK_NAMES: Record<Yardstick, string> = { bank: 'Bank', insurer: 'Insurer', reit: 'REIT', utility: 'Utility', other: 'Other' };

/** Electric, gas and water utilities by SIC description (division E's utility codes 4900–4991). */
const UTILITY_SIC =
  /^(electric services|electric & other services|gas & other services|natural gas (transmission|transmisison|distribution)|water supply|cogeneration)/i;

/** Banks and insurers as `classifyCompany` says; REITs by their industry; utilities by GICS sector or SIC description. */
export function selectYardstick(companyClass: CompanyClass, { sector, industry, sicDescription }: ClassificationInput): Yardstick {
  if (companyClass === 'bank' || companyClass === 'insurer') return companyClass;
  if (isReit(sector, industry)) return 'reit';
  if (sector === 'Utilities' || UTILITY_SIC.test(sicDescription?.trim() ?? '')) return 'utility';
  return 'other';
}

/** Where leverage becomes a risk, by yardstick (debt/equity and net debt/EBITDA at or above; interest cover below). */
export interface LeverageBand {
  debtToEquityHigh: number;
  netDebtToEbitdaHigh: number;
  interestCoverLow: number;
}

/**
 * Industrial companies: risk from 2× equity, 3 years of EBITDA, cover under 3×. A regulated utility's
 * allowed return is earned on a rate base funded about half by debt, so 5–6× EBITDA and cover near 3× are
 * ordinary for an investment-grade utility: risk from 6× and under 2×, and debt/equity from 2.5×. A REIT's
 * property debt runs 5–6× EBITDA at investment grade: risk from 7× and cover under 2.5×. Banks and insurers
 * are not judged on these figures at all.
 */
export const LEVERAGE_BANDS: Record<'other' | 'utility' | 'reit', LeverageBand> = {
  other: { debtToEquityHigh: 2, netDebtToEbitdaHigh: 3, interestCoverLow: 3 },
  utility: { debtToEquityHigh: 2.5, netDebtToEbitdaHigh: 6, interestCoverLow: 2 },
  reit: { debtToEquityHigh: 2, netDebtToEbitdaHigh: 7, interestCoverLow: 2.5 },
};

export const leverageBandOf = (y: Yardstick): LeverageBand => (y === 'utility' || y === 'reit' ? LEVERAGE_BANDS[y] : LEVERAGE_BANDS.other);

/** Parent equity less goodwill and intangibles (USD): what would be left to shareholders if the intangibles were worth nothing. */
export function computeTangibleEquity(p: FinancialPeriod): EngineResult<number> {
  const equity = lineOf(p, 'total_equity');
  if (equity === null) return fail('missing_input', 'total_equity', 'total equity not reported');
  const intangibles = lineOf(p, 'goodwill_intangibles');
  if (intangibles === null) return fail('missing_input', 'goodwill_intangibles', 'goodwill and intangibles not reported');
  return ok(equity - intangibles);
}

/** Return on tangible equity (fraction) = net income / year-end tangible equity, on the same year-end basis as ROE. */
export function computeReturnOnTangibleEquity(p: FinancialPeriod): EngineResult<number> {
  const tangible = computeTangibleEquity(p);
  if (!tangible.ok) return tangible;
  return divideByPositive(lineOf(p, 'net_income'), tangible.value, ['net_income', 'tangible_equity']);
}

/** Price / tangible book (times) = market capitalisation / tangible equity. */
export function computePriceToTangibleBook(marketCapUsd: number, p: FinancialPeriod): EngineResult<number> {
  const tangible = computeTangibleEquity(p);
  if (!tangible.ok) return tangible;
  return divideByPositive(marketCapUsd, tangible.value, ['market_cap', 'tangible_equity']);
}

/**
 * Tangible equity / tangible assets (fraction): the capital cushion a bank's own filings let us compute. The
 * regulatory ratios (CET1, tier 1 leverage) are not in the XBRL statements we hold, so this is the proxy, and
 * named as what it is.
 */
export function computeTangibleEquityRatio(p: FinancialPeriod): EngineResult<number> {
  const tangible = computeTangibleEquity(p);
  if (!tangible.ok) return tangible;
  const assets = lineOf(p, 'total_assets');
  const intangibles = lineOf(p, 'goodwill_intangibles') ?? 0;
  return divideByPositive(tangible.value, assets === null ? null : assets - intangibles, ['tangible_equity', 'tangible_assets']);
}

/**
 * Book value per share, compound annual growth over `years` fiscal years (fraction): equity over diluted shares
 * at each end. An insurer's earnings swing with catastrophes and markets; the growth of its book is how it is
 * judged over a cycle. Needs positive book at both ends.
 */
export function computeBookValuePerShareCagr(f: CompanyFinancials, years = 5): EngineResult<number> {
  const annual = f.annual;
  const end = annual.at(-1);
  const start = annual.at(-1 - years);
  if (!end || !start) return fail('missing_input', 'total_equity', `fewer than ${years + 1} fiscal years of statements`);
  const bvps = (p: FinancialPeriod) => {
    const equity = lineOf(p, 'total_equity');
    const shares = lineOf(p, 'shares_diluted');
    return equity !== null && shares !== null && shares > 0 ? equity / shares : null;
  };
  const a = bvps(start);
  const b = bvps(end);
  if (a === null || b === null) return fail('missing_input', 'total_equity', 'equity or diluted shares not reported at both ends');
  if (a <= 0 || b <= 0) return fail('zero_denominator', 'total_equity', 'book value is not positive at both ends');
  return ok((b / a) ** (1 / years) - 1);
}

/**
 * What a run of `kind` will judge this company by, said on the card before the user pays (issue 31, bad input:
 * a kind that does not fit the class is explained before the run, not discovered after). Null for an ordinary
 * company, for kinds the class does not change, and for ETFs.
 */
export function describeYardstickBeforeRun(kind: string, yardstick: Yardstick): string | null {
  if (yardstick === 'other') return null;
  if (kind === 'dcf')
    return {
      bank: 'A bank is not valued on discounted free cash flow (its deposits are its raw material): this valuation uses the price-to-book its return on equity justifies.',
      insurer:
        'An insurer is not valued on discounted free cash flow (its float is its raw material): this valuation uses the price-to-book its return on equity justifies.',
      reit: 'A REIT is valued on adjusted funds from operations (AFFO), not on free cash flow after its property purchases.',
      utility: 'A utility is valued on the dividends it pays: its free cash flow is often negative by design while it builds its grid.',
    }[yardstick];
  if (kind === 'fundamental' || kind === 'balance-sheet' || kind === 'overview')
    return {
      bank: 'Judged as a bank: return on tangible equity, price to tangible book and tangible equity; no Piotroski, Altman, current ratio or debt/equity, which do not apply to a lender.',
      insurer:
        'Judged as an insurer: book value per share growth and returns on equity; no Piotroski, Altman or current ratio, which do not apply to an underwriter.',
      reit: 'Judged as a REIT: price to AFFO and payout on AFFO, leverage against a REIT’s band (net debt up to 7 years of EBITDA); no Altman score.',
      utility: 'Judged as a utility: leverage against a regulated utility’s band (net debt up to 6 years of EBITDA); no Altman score.',
    }[yardstick];
  return null;
}
