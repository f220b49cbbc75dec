import { formatCount } from '../../text/plural.ts';
import { readStreakFact } from '../fundamentals/dividend-history.ts';
import { leverageBandOf, YARDSTICK_NAMES, type Yardstick } from '../fundamentals/yardsticks.ts';
import type { FundamentalSubtype, Sentence } from '../analysis-types.ts';
import { measureAbove, measureBelow, describeFact, type FactReader, type FiredRule, type NoteRule, type WriterContext } from './note-rules.ts';

/*
 * Rules on a company's fundamentals, shared by the fundamental, balance-sheet and overview notes.
 * Thresholds (percent unless said): net margin strong ≥ 20, thin < 5, loss < 0; gross margin ≥ 50;
 * operating margin ≥ 25; ROE strong ≥ 20, weak < 8; ROIC strong ≥ 15, weak < 6; FCF margin ≥ 20 or
 * negative; revenue 5-year CAGR ≥ 10 or shrinking; last year's revenue ≥ 15 or < −5; EPS 5-year CAGR
 * ≥ 15 or negative; FCF 5-year CAGR ≥ 10 or negative; diluted shares down > 1 (buybacks) or up > 3
 * (dilution); P/E ≤ 12 cheap, ≥ 35 rich; FCF yield ≥ 6 or < 2; EV/EBITDA ≤ 8 or ≥ 25; dividend yield
 * ≥ 3; current ratio ≥ 2 or < 1; debt/equity ≤ 0.3 or ≥ 2; net debt/EBITDA ≤ 0 (net cash) or ≥ 3;
 * interest cover ≥ 15 or < 3; Piotroski ≥ 7 or ≤ 3; Altman zone Safe / Grey / Distress; Beneish M
 * above −1.78; dividend safety ≥ 70 or < 40; payout > 80; ≥ 10 years of dividends without a cut;
 * Sloan accruals beyond ±10 (earnings far from cash) or within ±5; grades A/B strengths, D/F risks.
 */

const readNumber = (r: FactReader, k: string) => r.num(k);
/** A formatted figure without its unit sign, for sentences that say the unit in words ("31.27 cents", "2.37 times"). */
const fmtBare = (r: FactReader, k: string) => r.fmt(k).replace(/\s*[%×]$/, '');

/** The company's yardstick from its "Judged as" fact (none: an ordinary company). */
function readYardstick(r: FactReader): Yardstick {
  const name = r.text('company_class');
  return (Object.entries(YARDSTICK_NAMES).find(([, n]) => n === name)?.[0] as Yardstick | undefined) ?? 'other';
}
/** Leverage thresholds of the company's class: a utility or a REIT carries more debt in the ordinary course. */
const bandOf = (r: FactReader) => leverageBandOf(readYardstick(r));
/** "for a utility" when the class moved the threshold, so the sentence says why the bar is where it is. */
const forClass = (r: FactReader) => {
  const y = readYardstick(r);
  return y === 'utility' ? ' for a utility' : y === 'reit' ? ' for a REIT' : '';
};

export const companyRules: NoteRule[] = [
  {
    id: 'net_margin_high',
    side: 'strength',
    keys: ['net_margin'],
    salience: (r) => measureAbove(readNumber(r, 'net_margin'), 20, 10),
    text: (r) => `It keeps about ${fmtBare(r, 'net_margin')} cents of every dollar of sales as net profit, a high margin.`,
  },
  {
    id: 'net_margin_loss',
    side: 'risk',
    keys: ['net_margin'],
    salience: (r) => measureBelow(readNumber(r, 'net_margin'), 0, 5),
    text: (r) => `It is losing money: the net margin is ${r.fmt('net_margin')}.`,
  },
  {
    id: 'net_margin_thin',
    side: 'risk',
    keys: ['net_margin'],
    salience: (r) => {
      const v = readNumber(r, 'net_margin');
      return v !== null && v >= 0 && v < 5 ? (5 - v) / 5 : null;
    },
    text: (r) => `A net margin of ${r.fmt('net_margin')} leaves little room if costs rise or prices fall.`,
  },
  {
    id: 'gross_margin_high',
    side: 'strength',
    keys: ['gross_margin'],
    salience: (r) => measureAbove(readNumber(r, 'gross_margin'), 50, 25),
    text: (r) => `A gross margin of ${r.fmt('gross_margin')} points to pricing power: customers pay well above what the product costs to make.`,
  },
  {
    id: 'operating_margin_high',
    side: 'strength',
    keys: ['operating_margin'],
    salience: (r) => measureAbove(readNumber(r, 'operating_margin'), 25, 15),
    text: (r) => `The core business is very profitable, with an operating margin of ${r.fmt('operating_margin')}.`,
  },
  {
    id: 'roe_high',
    side: 'strength',
    keys: ['roe'],
    salience: (r) => measureAbove(readNumber(r, 'roe'), 20, 20),
    text: (r) => `Return on equity of ${r.fmt('roe')} means each dollar shareholders have in the business earns well.`,
  },
  {
    id: 'roe_low',
    side: 'risk',
    keys: ['roe'],
    // A REIT's net income is struck after depreciating its buildings: its returns are read on AFFO, not ROE.
    salience: (r) => (readYardstick(r) === 'reit' ? null : measureBelow(readNumber(r, 'roe'), 8, 8)),
    text: (r) =>
      (r.num('roe') ?? 0) < 0
        ? `Return on equity is negative (${r.fmt('roe')}): the year destroyed shareholder value.`
        : `Return on equity is only ${r.fmt('roe')}, below what investors could expect from the market as a whole.`,
  },
  {
    id: 'roic_high',
    side: 'strength',
    keys: ['roic'],
    salience: (r) => measureAbove(readNumber(r, 'roic'), 15, 15),
    text: (r) => `It earns ${r.fmt('roic')} on the capital it invests, a sign of a durable competitive edge.`,
  },
  {
    id: 'roic_low',
    side: 'risk',
    keys: ['roic'],
    salience: (r) => measureBelow(readNumber(r, 'roic'), 6, 6),
    text: (r) => `A return on invested capital of ${r.fmt('roic')} is barely above the cost of that capital.`,
  },
  {
    id: 'fcf_margin_high',
    side: 'strength',
    keys: ['fcf_margin'],
    salience: (r) => measureAbove(readNumber(r, 'fcf_margin'), 20, 10),
    text: (r) => `It turns ${r.fmt('fcf_margin')} of revenue into free cash flow, money it can return to shareholders or reinvest.`,
  },
  {
    id: 'fcf_margin_negative',
    side: 'risk',
    keys: ['fcf_margin'],
    salience: (r) => measureBelow(readNumber(r, 'fcf_margin'), 0, 5),
    text: (r) => `It burns cash: the free cash flow margin is ${r.fmt('fcf_margin')}.`,
  },
  {
    id: 'revenue_cagr_high',
    side: 'strength',
    keys: ['revenue_cagr_5y'],
    salience: (r) => measureAbove(readNumber(r, 'revenue_cagr_5y'), 10, 10),
    text: (r) => `Revenue has compounded at ${r.fmt('revenue_cagr_5y')} a year over five years.`,
  },
  {
    id: 'revenue_cagr_negative',
    side: 'risk',
    keys: ['revenue_cagr_5y'],
    salience: (r) => measureBelow(readNumber(r, 'revenue_cagr_5y'), 0, 5),
    text: (r) => `Revenue has shrunk by ${r.fmtSize('revenue_cagr_5y')} a year over five years.`,
  },
  {
    id: 'revenue_1y_fast',
    side: 'strength',
    keys: ['revenue_growth_1y'],
    salience: (r) => measureAbove(readNumber(r, 'revenue_growth_1y'), 15, 15),
    text: (r) => `Sales grew ${r.fmt('revenue_growth_1y')} in the latest year.`,
  },
  {
    id: 'revenue_1y_falling',
    side: 'risk',
    keys: ['revenue_growth_1y'],
    salience: (r) => measureBelow(readNumber(r, 'revenue_growth_1y'), -5, 10),
    text: (r) => `Sales fell ${r.fmtSize('revenue_growth_1y')} in the latest year.`,
  },
  {
    id: 'eps_cagr_high',
    side: 'strength',
    keys: ['eps_cagr_5y'],
    salience: (r) => measureAbove(readNumber(r, 'eps_cagr_5y'), 15, 15),
    text: (r) => `Earnings per share have grown ${r.fmt('eps_cagr_5y')} a year over five years.`,
  },
  {
    id: 'eps_cagr_negative',
    side: 'risk',
    keys: ['eps_cagr_5y'],
    salience: (r) => measureBelow(readNumber(r, 'eps_cagr_5y'), 0, 10),
    text: (r) => `Earnings per share are lower than five years ago (${r.fmt('eps_cagr_5y')} a year).`,
  },
  {
    id: 'fcf_cagr_high',
    side: 'strength',
    keys: ['fcf_cagr_5y'],
    salience: (r) => measureAbove(readNumber(r, 'fcf_cagr_5y'), 10, 10),
    text: (r) => `Free cash flow has grown ${r.fmt('fcf_cagr_5y')} a year over five years.`,
  },
  {
    id: 'fcf_cagr_negative',
    side: 'risk',
    keys: ['fcf_cagr_5y'],
    salience: (r) => measureBelow(readNumber(r, 'fcf_cagr_5y'), 0, 10),
    text: (r) => `Free cash flow has declined ${r.fmtSize('fcf_cagr_5y')} a year over five years.`,
  },
  {
    id: 'buybacks',
    side: 'strength',
    keys: ['share_count_change'],
    salience: (r) => measureBelow(readNumber(r, 'share_count_change'), -1, 2),
    text: (r) => `Buybacks cut the diluted share count by ${r.fmtSize('share_count_change')} in a year, so each share owns more of the company.`,
  },
  {
    id: 'dilution',
    side: 'risk',
    keys: ['share_count_change'],
    salience: (r) => measureAbove(readNumber(r, 'share_count_change'), 3, 3),
    text: (r) => `The diluted share count rose ${r.fmt('share_count_change')} in a year, diluting existing holders.`,
  },
  {
    id: 'pe_low',
    side: 'strength',
    keys: ['pe_ttm'],
    salience: (r) => {
      const v = readNumber(r, 'pe_ttm');
      return v !== null && v > 0 && v <= 12 ? (12 - v) / 6 + 0.2 : null;
    },
    text: (r) => `At ${r.fmt('pe_ttm')} trailing earnings the shares are priced modestly.`,
  },
  {
    id: 'pe_high',
    side: 'risk',
    keys: ['pe_ttm'],
    // A REIT is priced on AFFO (price / AFFO), for the same reason.
    salience: (r) => (readYardstick(r) === 'reit' ? null : measureAbove(readNumber(r, 'pe_ttm'), 35, 20)),
    text: (r) => `At ${r.fmt('pe_ttm')} trailing earnings the price already assumes strong growth for years.`,
  },
  {
    id: 'fcf_yield_high',
    side: 'strength',
    keys: ['fcf_yield'],
    salience: (r) => measureAbove(readNumber(r, 'fcf_yield'), 6, 4),
    text: (r) => `A free cash flow yield of ${r.fmt('fcf_yield')} is generous for the price paid.`,
  },
  {
    id: 'fcf_yield_low',
    side: 'risk',
    keys: ['fcf_yield'],
    salience: (r) => {
      const v = readNumber(r, 'fcf_yield');
      return v !== null && v >= 0 && v < 2 ? (2 - v) / 2 : null;
    },
    text: (r) => `The free cash flow yield is only ${r.fmt('fcf_yield')}: buyers pay a lot for each dollar of cash the business produces.`,
  },
  {
    id: 'ev_ebitda_low',
    side: 'strength',
    keys: ['ev_ebitda'],
    salience: (r) => {
      const v = readNumber(r, 'ev_ebitda');
      return v !== null && v > 0 && v <= 8 ? (8 - v) / 4 + 0.2 : null;
    },
    text: (r) => `An EV/EBITDA of ${r.fmt('ev_ebitda')} is low, so the whole business is valued cheaply against its operating earnings.`,
  },
  {
    id: 'ev_ebitda_high',
    side: 'risk',
    keys: ['ev_ebitda'],
    salience: (r) => measureAbove(readNumber(r, 'ev_ebitda'), 25, 15),
    text: (r) => `An EV/EBITDA of ${r.fmt('ev_ebitda')} is a rich valuation for the whole business.`,
  },
  {
    id: 'dividend_yield_high',
    side: 'strength',
    keys: ['dividend_yield'],
    salience: (r) => (isDividendCovered(r) ? measureAbove(readNumber(r, 'dividend_yield'), 3, 3) : null),
    text: (r) => `It pays a dividend yield of ${r.fmt('dividend_yield')}.`,
  },
  {
    id: 'dividend_yield_ttm_high',
    side: 'strength',
    keys: ['dividend_yield_ttm'],
    salience: (r) => (r.has('dividend_yield') || !isDividendCovered(r) ? null : measureAbove(readNumber(r, 'dividend_yield_ttm'), 3, 3)),
    text: (r) => `The dividends paid over the past twelve months give a yield of ${r.fmt('dividend_yield_ttm')}.`,
  },
  {
    id: 'current_ratio_strong',
    side: 'strength',
    keys: ['current_ratio'],
    salience: (r) => measureAbove(readNumber(r, 'current_ratio'), 2, 2),
    text: (r) => `Short-term assets cover short-term bills ${r.fmt('current_ratio')} times over.`,
  },
  {
    id: 'current_ratio_weak',
    side: 'risk',
    keys: ['current_ratio'],
    // A utility or a REIT funds itself long and collects steadily: a current ratio under 1 is its ordinary shape.
    salience: (r) => (readYardstick(r) === 'utility' || readYardstick(r) === 'reit' ? null : measureBelow(readNumber(r, 'current_ratio'), 1, 0.5)),
    text: (r) => `A current ratio of ${r.fmt('current_ratio')} means bills due within a year exceed short-term assets; it relies on steady cash flow.`,
  },
  {
    id: 'debt_low',
    side: 'strength',
    keys: ['debt_to_equity'],
    salience: (r) => {
      const v = readNumber(r, 'debt_to_equity');
      return v !== null && v >= 0 && v <= 0.3 ? (0.3 - v) / 0.3 + 0.3 : null;
    },
    text: (r) => `Debt is light at ${r.fmt('debt_to_equity')} times equity.`,
  },
  {
    id: 'debt_high',
    side: 'risk',
    keys: ['debt_to_equity'],
    salience: (r) => measureAbove(readNumber(r, 'debt_to_equity'), bandOf(r).debtToEquityHigh, 2),
    text: (r) => `Debt stands at ${r.fmt('debt_to_equity')} times shareholders’ equity, high${forClass(r)}, leaving it exposed to higher rates.`,
  },
  {
    id: 'net_cash',
    side: 'strength',
    keys: ['net_debt_to_ebitda'],
    salience: (r) => {
      const v = readNumber(r, 'net_debt_to_ebitda');
      return v !== null && v <= 0 ? 0.8 : null;
    },
    text: () => 'It holds more cash than debt (net cash), a cushion in a downturn.',
  },
  {
    id: 'net_debt_high',
    side: 'risk',
    keys: ['net_debt_to_ebitda'],
    salience: (r) => measureAbove(readNumber(r, 'net_debt_to_ebitda'), bandOf(r).netDebtToEbitdaHigh, 2),
    text: (r) => `Net debt is ${fmtBare(r, 'net_debt_to_ebitda')} years of EBITDA, heavy borrowing for its earnings${forClass(r)}.`,
  },
  {
    id: 'interest_cover_high',
    side: 'strength',
    keys: ['interest_cover'],
    salience: (r) => measureAbove(readNumber(r, 'interest_cover'), 15, 30),
    text: (r) => `Operating profit covers interest ${fmtBare(r, 'interest_cover')} times.`,
  },
  {
    id: 'interest_cover_low',
    side: 'risk',
    keys: ['interest_cover'],
    salience: (r) => measureBelow(readNumber(r, 'interest_cover'), bandOf(r).interestCoverLow, 2),
    text: (r) => `Operating profit covers interest only ${fmtBare(r, 'interest_cover')} times.`,
  },
  {
    id: 'piotroski_high',
    side: 'strength',
    keys: ['piotroski_f'],
    salience: (r) => measureAbove(readNumber(r, 'piotroski_f'), 6, 2),
    text: (r) => `A Piotroski F-score of ${r.fmt('piotroski_f')} out of 9 says the business improved on most measures last year.`,
  },
  {
    id: 'piotroski_low',
    side: 'risk',
    keys: ['piotroski_f'],
    salience: (r) => measureBelow(readNumber(r, 'piotroski_f'), 4, 2),
    text: (r) => `A Piotroski F-score of ${r.fmt('piotroski_f')} out of 9 flags weakening profitability, leverage or efficiency.`,
  },
  {
    id: 'altman_safe',
    side: 'strength',
    keys: ['altman_z', 'altman_zone'],
    salience: (r) => (r.text('altman_zone') === 'Safe' ? 0.5 : null),
    text: (r) => `Its Altman Z of ${r.fmt('altman_z')} sits in the safe zone: little sign of financial distress.`,
  },
  {
    id: 'altman_distress',
    side: 'risk',
    keys: ['altman_z', 'altman_zone'],
    salience: (r) => (r.text('altman_zone') === 'Distress' ? 1.5 : r.text('altman_zone') === 'Grey' ? 0.4 : null),
    text: (r) =>
      r.text('altman_zone') === 'Distress'
        ? `Its Altman Z of ${r.fmt('altman_z')} is in the distress zone, a pattern that has preceded bankruptcies.`
        : `Its Altman Z of ${r.fmt('altman_z')} is in the grey zone: not alarming, not clearly safe.`,
  },
  {
    id: 'beneish_flag',
    side: 'risk',
    keys: ['beneish_m'],
    salience: (r) => measureAbove(readNumber(r, 'beneish_m'), -1.78, 1),
    text: (r) => `A Beneish M-score of ${r.fmt('beneish_m')} resembles companies that overstated earnings; read the filings closely.`,
  },
  {
    id: 'dividend_safe',
    side: 'strength',
    keys: ['dividend_safety'],
    salience: (r) => measureAbove(readNumber(r, 'dividend_safety'), 70, 30),
    text: (r) => `The dividend looks well covered, with a safety score of ${r.fmt('dividend_safety')} out of 100.`,
  },
  {
    id: 'dividend_unsafe',
    side: 'risk',
    keys: ['dividend_safety'],
    salience: (r) => measureBelow(readNumber(r, 'dividend_safety'), 40, 40),
    text: (r) => `A dividend safety score of ${r.fmt('dividend_safety')} out of 100 says the payout is stretched.`,
  },
  {
    id: 'payout_high',
    side: 'risk',
    keys: ['earnings_payout'],
    salience: (r) => measureAbove(readNumber(r, 'earnings_payout'), 80, 40),
    text: (r) => `It pays out ${r.fmt('earnings_payout')} of earnings as dividends, little left to grow or absorb a bad year.`,
  },
  {
    id: 'dividend_streak',
    side: 'strength',
    keys: ['dividend_streak_years'],
    salience: (r) => measureAbove(readNumber(r, 'dividend_streak_years'), 9, 10),
    text: (r) => `It has paid dividends without a cut for ${readStreakFact(r.num('dividend_streak_years') ?? 0, r.period('dividend_streak_years'))}.`,
  },
  {
    id: 'accruals_high',
    side: 'risk',
    keys: ['sloan_accruals'],
    salience: (r) => measureAbove(Math.abs(readNumber(r, 'sloan_accruals') ?? 0), 10, 10),
    text: (r) => `Accruals of ${r.fmt('sloan_accruals')} of assets mean reported earnings and cash flow have drifted apart.`,
  },
  {
    id: 'accruals_low',
    side: 'strength',
    keys: ['sloan_accruals'],
    salience: (r) => measureBelow(Math.abs(readNumber(r, 'sloan_accruals') ?? 99), 5, 10),
    text: (r) => `Earnings are backed by cash: accruals are only ${r.fmt('sloan_accruals')} of assets.`,
  },
  // Banks: returns and capital on tangible equity (goodwill cannot absorb a loss).
  {
    id: 'rote_high',
    side: 'strength',
    keys: ['rote'],
    salience: (r) => measureAbove(readNumber(r, 'rote'), 15, 10),
    text: (r) => `It earns ${r.fmt('rote')} on its tangible equity, a high return for a bank.`,
  },
  {
    id: 'rote_low',
    side: 'risk',
    keys: ['rote'],
    salience: (r) => measureBelow(readNumber(r, 'rote'), 8, 8),
    text: (r) => `A return on tangible equity of ${r.fmt('rote')} is below the 8 % to 10 % banks are commonly expected to earn on their capital.`,
  },
  {
    id: 'tangible_equity_strong',
    side: 'strength',
    keys: ['tangible_equity_ratio'],
    salience: (r) => measureAbove(readNumber(r, 'tangible_equity_ratio'), 8, 4),
    text: (r) => `Tangible equity is ${r.fmt('tangible_equity_ratio')} of tangible assets, a thick cushion against loan losses.`,
  },
  {
    id: 'tangible_equity_thin',
    side: 'risk',
    keys: ['tangible_equity_ratio'],
    salience: (r) => measureBelow(readNumber(r, 'tangible_equity_ratio'), 5, 3),
    text: (r) => `Tangible equity is only ${r.fmt('tangible_equity_ratio')} of tangible assets: a small fall in asset values would eat into it.`,
  },
  // REITs: priced on AFFO.
  {
    id: 'price_to_affo_high',
    side: 'risk',
    keys: ['price_to_affo'],
    salience: (r) => measureAbove(readNumber(r, 'price_to_affo'), 20, 10),
    text: (r) => `At ${r.fmt('price_to_affo')} its AFFO the shares are priced high for a REIT.`,
  },
  {
    id: 'price_to_affo_low',
    side: 'strength',
    keys: ['price_to_affo'],
    salience: (r) => measureBelow(readNumber(r, 'price_to_affo'), 12, 6),
    text: (r) => `At ${r.fmt('price_to_affo')} its AFFO the shares are priced modestly for a REIT.`,
  },
  // Insurers: the growth of book value per share over a cycle.
  {
    id: 'book_value_growth_high',
    side: 'strength',
    keys: ['book_value_per_share_cagr_5y'],
    salience: (r) => measureAbove(readNumber(r, 'book_value_per_share_cagr_5y'), 10, 10),
    text: (r) => `Book value per share grew ${r.fmt('book_value_per_share_cagr_5y')} a year over five years, the yardstick of an insurer's compounding.`,
  },
  {
    id: 'book_value_shrinking',
    side: 'risk',
    keys: ['book_value_per_share_cagr_5y'],
    salience: (r) => measureBelow(readNumber(r, 'book_value_per_share_cagr_5y'), 0, 5),
    text: (r) => `Book value per share shrank by ${r.fmtSize('book_value_per_share_cagr_5y')} a year over five years.`,
  },
];

/** Quick-overview rules: six-month price move beyond ±20 %, and the technical rating's direction. */
export const overviewRules: NoteRule[] = [
  {
    id: 'momentum_up',
    side: 'strength',
    keys: ['return_6m'],
    salience: (r) => measureAbove(readNumber(r, 'return_6m'), 20, 20),
    text: (r) => `The shares have gained ${r.fmt('return_6m')} over six months.`,
  },
  {
    id: 'momentum_down',
    side: 'risk',
    keys: ['return_6m'],
    salience: (r) => measureBelow(readNumber(r, 'return_6m'), -20, 20),
    text: (r) => `The shares have lost ${r.fmtSize('return_6m')} over six months.`,
  },
  {
    id: 'rating_buy',
    side: 'strength',
    keys: ['technical_rating'],
    salience: (r) => (r.text('technical_rating')?.includes('Buy') ? 0.6 : null),
    text: (r) => `The chart agrees: the technical rating is ${r.text('technical_rating')}.`,
  },
  {
    id: 'rating_sell',
    side: 'risk',
    keys: ['technical_rating'],
    salience: (r) => (r.text('technical_rating')?.includes('Sell') ? 0.6 : null),
    text: (r) => `The chart is against it for now: the technical rating is ${r.text('technical_rating')}.`,
  },
];

const GRADE_WORDS: Record<string, string> = {
  value: 'value',
  growth: 'growth',
  profitability: 'profitability',
  health: 'financial health',
  momentum: 'price momentum',
};
/** "Energy companies" from a grade's period "vs Energy peers"; "its sector" when the period does not say. */
const describePeers = (r: FactReader, key: string): string => {
  const sector = /^vs (.+) peers$/.exec(r.period(key) ?? '')?.[1];
  return sector ? `${sector} companies` : 'its sector';
};

const GRADE_SALIENCE: Record<string, number> = { A: 1.2, B: 0.4, D: 0.4, F: 1.2 };

for (const [category, words] of Object.entries(GRADE_WORDS)) {
  const key = `grade_${category}`;
  companyRules.push(
    {
      id: `${key}_high`,
      side: 'strength',
      keys: [key],
      salience: (r) => (r.text(key) === 'A' || r.text(key) === 'B' ? GRADE_SALIENCE[r.text(key)!]! : null),
      text: (r) =>
        `It earns a ${words} grade of ${r.text(key)}, ${r.text(key) === 'A' ? 'in the top fifth' : 'in the upper half'} of ${describePeers(r, key)}.`,
    },
    {
      id: `${key}_low`,
      side: 'risk',
      keys: [key],
      salience: (r) => (r.text(key) === 'D' || r.text(key) === 'F' ? GRADE_SALIENCE[r.text(key)!]! : null),
      text: (r) => `Its ${words} grade is ${r.text(key)}, ${r.text(key) === 'F' ? 'in the bottom fifth' : 'in the lower half'} of ${describePeers(r, key)}.`,
    },
  );
}

/** The figures each fundamental tab is about: rules on them lead its note. */
export const FUNDAMENTAL_FOCUS: Record<FundamentalSubtype, string[]> = {
  overview: [],
  profitability: ['gross_margin', 'operating_margin', 'net_margin', 'fcf_margin', 'roe', 'rote', 'roic', 'grade_profitability'],
  growth: ['revenue_cagr_5y', 'revenue_growth_1y', 'eps_cagr_5y', 'fcf_cagr_5y', 'book_value_per_share_cagr_5y', 'share_count_change', 'grade_growth'],
  valuation: ['pe_ttm', 'price_tangible_book', 'price_to_affo', 'fcf_yield', 'ev_ebitda', 'dividend_yield', 'grade_value'],
  'financial-health': [
    'current_ratio',
    'debt_to_equity',
    'net_debt_to_ebitda',
    'interest_cover',
    'tangible_equity_ratio',
    'book_value_per_share_cagr_5y',
    'piotroski_f',
    'altman_z',
    'beneish_m',
    'grade_health',
  ],
  dividends: ['dividend_yield', 'dividend_safety', 'earnings_payout', 'dividend_streak_years'],
  'cash-flow': ['fcf_margin', 'fcf_yield', 'fcf_cagr_5y', 'sloan_accruals', 'share_count_change'],
};

/** What a company note is about: a fundamental tab, the balance-sheet kind, or the quick overview kind. */
export type CompanyNoteTopic = FundamentalSubtype | 'balance-sheet' | 'summary';

const TAB_WORDS: Record<CompanyNoteTopic, string> = {
  'balance-sheet': 'the balance sheet',
  summary: 'the figures overall',
  overview: 'fundamentals',
  profitability: 'profitability',
  growth: 'growth',
  valuation: 'valuation',
  'financial-health': 'financial health',
  dividends: 'dividends',
  'cash-flow': 'cash flow',
};

/** The grade that names the tab, or for the overview the company's strongest and weakest grades. */
const TAB_GRADE: Partial<Record<FundamentalSubtype, string>> = {
  profitability: 'grade_profitability',
  growth: 'grade_growth',
  valuation: 'grade_value',
  'financial-health': 'grade_health',
};

/**
 * A headline that cannot open on its topic's own grade or score names the topic instead, so the balance sheet,
 * the dividend view and the rest never print the same sentence for one company (they did when all fell back
 * to the Piotroski score).
 */
const topicLead = (tab: CompanyNoteTopic) => (tab === 'summary' ? 'In sum, ' : `On ${TAB_WORDS[tab]}, `);

/**
 * "Apple Inc. (AAPL) earns a profitability grade of A, led by return on equity of 151.9%; the main
 * concern is current ratio of 0.89." The grade named is the tab's own; without one (dividends, cash
 * flow, or no sector to grade against) the headline leads with the Piotroski score.
 */
export function writeCompanyHeadline(
  r: FactReader,
  ctx: WriterContext,
  tab: CompanyNoteTopic,
  strengths: readonly FiredRule[],
  risks: readonly FiredRule[],
  focus: readonly string[] = [],
): Sentence {
  const gradeKey = tab === 'balance-sheet' ? 'altman_zone' : tab === 'summary' ? undefined : TAB_GRADE[tab];
  const keys: string[] = [];
  let opening: string;
  if (gradeKey && r.has(gradeKey)) {
    keys.push(gradeKey);
    opening =
      gradeKey === 'altman_zone'
        ? `${ctx.name} (${ctx.symbol}) sits in the Altman ${r.text(gradeKey)} zone`
        : `${ctx.name} (${ctx.symbol}) earns a ${TAB_WORDS[tab]} grade of ${r.text(gradeKey)}`;
  } else if (
    (tab === 'overview' || tab === 'summary') &&
    ['grade_value', 'grade_growth', 'grade_profitability', 'grade_health', 'grade_momentum'].some((k) => r.has(k))
  ) {
    const graded = ['grade_profitability', 'grade_growth', 'grade_health', 'grade_value', 'grade_momentum'].filter((k) => r.has(k));
    const best = graded.reduce((a, b) => (r.text(b)! < r.text(a)! ? b : a));
    const worst = graded.reduce((a, b) => (r.text(b)! > r.text(a)! ? b : a));
    keys.push(best, worst);
    const grades = `grades best on ${r.label(best).replace(' grade', '').toLowerCase()} (${r.text(best)}) and worst on ${r.label(worst).replace(' grade', '').toLowerCase()} (${r.text(worst)})`;
    // The quick overview is the summary across the kinds and says so; the fundamental overview is about the statements.
    opening =
      tab === 'summary'
        ? `In sum across price, statements and risk, ${ctx.name} (${ctx.symbol}) ${grades}`
        : `On its statements, ${ctx.name} (${ctx.symbol}) ${grades}`;
  } else if (tab === 'dividends' && r.has('dividend_safety')) {
    keys.push('dividend_safety');
    opening = `${ctx.name} (${ctx.symbol}) has a dividend safety score of ${r.fmt('dividend_safety')} out of 100`;
  } else if (r.has('piotroski_f')) {
    keys.push('piotroski_f');
    opening = `${topicLead(tab)}${ctx.name} (${ctx.symbol}) scores ${r.fmt('piotroski_f')} of 9 on Piotroski’s checklist`;
  } else opening = '';
  // A view about one topic leads with a figure of that topic: JPM's balance sheet is not "led by the net margin".
  const onTopic = (f: FiredRule) => focus.length === 0 || f.rule.keys.some((k) => focus.includes(k));
  const lead = strengths.find((f) => !keys.includes(f.rule.keys[0]!) && onTopic(f));
  const worry = risks.find((f) => !keys.includes(f.rule.keys[0]!));
  let text = opening;
  if (!opening) {
    // No grade or score of its own: the sentence opens on the topic's first figure (the lead, or the first figure
    // the topic has), so it always has a verb: "On the balance sheet, JPMorgan Chase (JPM) has a tangible …".
    const shown = lead?.rule.keys[0] ?? focus.find((k) => r.has(k) && typeof r.num(k) === 'number');
    if (shown) keys.push(shown);
    text = shown
      ? `${topicLead(tab)}${ctx.name} (${ctx.symbol}) ${lead ? `is strongest on its ${describeFact(r, shown)}` : describeNeutral(r, shown)}`
      : `${topicLead(tab)}no figure of ${ctx.name} (${ctx.symbol}) clears our bar for a strength`;
  } else if (lead) {
    text += `, led by ${describeLeader(r, lead.rule.keys[0]!)}`;
    keys.push(lead.rule.keys[0]!);
  }
  if (worry) {
    text += `; the main concern is ${describeLeader(r, worry.rule.keys[0]!)}`;
    keys.push(worry.rule.keys[0]!);
  } else if (risks.length === 0) text += '; no risk we test for shows up';
  return { text: `${text}.`, fact_keys: [...new Set(keys)] };
}

/** A topic's figure stated without a judgement, for a headline whose topic fired no strength. */
function describeNeutral(r: FactReader, key: string): string {
  if (key === 'tangible_equity_ratio') return `holds tangible equity of ${r.fmt(key)} of its tangible assets`;
  return `has a ${describeFact(r, key)}`;
}

/** "the net margin of 31.27 %", but a count of years reads as one: "15 years without a dividend cut". */
function describeLeader(r: FactReader, key: string): string {
  const label = r.label(key);
  if (key === 'dividend_streak_years' && typeof r.num(key) === 'number') return `${formatCount(r.num(key)!, 'year')} without a dividend cut`;
  return label ? `the ${describeFact(r, key)}` : key;
}

/**
 * A high yield counts as a strength only when the dividend is covered: the yield's direction depends on the payout
 * (a 93 % payout makes a high yield a warning, not a plus). Covered means a dividend safety score of 60 or more, or
 * without a score a payout of at most 75 % of earnings.
 */
function isDividendCovered(r: FactReader): boolean {
  const safety = readNumber(r, 'dividend_safety');
  if (safety !== null) return safety >= 60;
  const payout = readNumber(r, 'earnings_payout');
  return payout !== null && payout <= 75;
}

export type CompanyVerdictTone = 'favourable' | 'good_tilt' | 'offset' | 'bad_tilt' | 'unfavourable';

/**
 * The verdict's word follows both what the note weighs and what it shows. The balance is the fired strengths'
 * weights minus the risks' (top three each, weights capped at 2); the reader sees the sentences. A tilt needs
 * the balance past ±0.3 and at least as many shown items on its side; a clear verdict needs ±1.5 and more items
 * on its side. So one loud strength against two quieter risks reads "roughly offset", never "strengths edge out
 * its risks" (JPM's balance sheet did), and two strengths against three risks are never "clearly stronger".
 */
export function classifyCompanyVerdict(balance: number, shownStrengths: number, shownRisks: number): CompanyVerdictTone {
  if (balance > 1.5 && shownStrengths > shownRisks) return 'favourable';
  if (balance < -1.5 && shownRisks > shownStrengths) return 'unfavourable';
  if (balance > 0.3 && shownStrengths >= shownRisks) return 'good_tilt';
  if (balance < -0.3 && shownRisks >= shownStrengths) return 'bad_tilt';
  return 'offset';
}

/** Verdicts by classifyCompanyVerdict; a favourable note on a P/E of 35 or more adds that the price already reflects it. */
export function writeCompanyVerdict(
  r: FactReader,
  ctx: WriterContext,
  tab: CompanyNoteTopic,
  balance: number,
  shownStrengths: number,
  shownRisks: number,
): Sentence {
  const topic = TAB_WORDS[tab];
  const tone = classifyCompanyVerdict(balance, shownStrengths, shownRisks);
  // The multiple the class is priced on: a REIT's AFFO (net income is struck after depreciating its buildings).
  const reit = readYardstick(r) === 'reit';
  const [multiple, full, base] = reit ? (['price_to_affo', 20, 'AFFO'] as const) : (['pe_ttm', 35, 'earnings'] as const);
  if (tone === 'favourable' && (r.num(multiple) ?? 0) >= full)
    return {
      text: `On ${topic} ${ctx.name} stands out, but at ${r.fmt(multiple)} ${base} the market already knows it: quality at a full price.`,
      fact_keys: [multiple],
    };
  if (tone === 'favourable' && shownRisks === 0)
    return { text: `On ${topic} ${ctx.name} shows strengths and no red flags in the figures we test.`, fact_keys: [] };
  if (tone === 'favourable')
    return { text: `On ${topic} ${ctx.name} is clearly stronger than it is weak; the risks above are the ones to monitor.`, fact_keys: [] };
  if (tone === 'unfavourable')
    return { text: `On ${topic} the weaknesses outweigh the strengths for ${ctx.name}; the risks above are what would have to improve.`, fact_keys: [] };
  // A tilt with nothing shown on the other side is not "mixed": say what the note shows.
  if (tone === 'good_tilt' && shownRisks === 0)
    return {
      text: `On ${topic} ${ctx.name} has the edge: the ${shownStrengths === 1 ? 'strength' : 'strengths'} above and no red flag in the figures we test; the rest sits in the usual range.`,
      fact_keys: [],
    };
  if (tone === 'bad_tilt' && shownStrengths === 0)
    return {
      text: `On ${topic} ${ctx.name} is on the back foot: the ${shownRisks === 1 ? 'risk' : 'risks'} above and no strength in the figures we test.`,
      fact_keys: [],
    };
  if (tone === 'offset' && shownStrengths === 0 && shownRisks > 0)
    return {
      text: `On ${topic} ${ctx.name} shows no strength in the figures we test, and the ${shownRisks === 1 ? 'risk above is a mild one' : 'risks above are mild'}.`,
      fact_keys: [],
    };
  if (tone === 'offset' && shownRisks === 0 && shownStrengths > 0)
    return {
      text: `On ${topic} ${ctx.name} shows no red flag in the figures we test, and the ${shownStrengths === 1 ? 'strength above is a modest one' : 'strengths above are modest'}.`,
      fact_keys: [],
    };
  if (tone === 'offset' && shownStrengths === 0 && shownRisks === 0)
    return { text: `On ${topic} no figure of ${ctx.name} we test is strong or weak enough to note, either way.`, fact_keys: [] };
  if (tone === 'good_tilt')
    return {
      text: `A mixed picture on ${topic}, tilted to the good: ${ctx.name}'s strengths edge out its risks, but not by enough to ignore them.`,
      fact_keys: [],
    };
  if (tone === 'bad_tilt')
    return {
      text: `A mixed picture on ${topic}, tilted to the bad: ${ctx.name}'s risks weigh more than its strengths.`,
      fact_keys: [],
    };
  return { text: `A mixed picture on ${topic}: ${ctx.name}'s strengths and risks roughly offset.`, fact_keys: [] };
}
