import { computeEarningsPayout } from '../analysis/fundamentals/dividend-ratios.ts';
import {
  classifySafetyBand,
  computeDividendSafety,
  type PayoutBasis,
  type SafetyBand,
  type SafetyComponent,
} from '../analysis/fundamentals/dividend-safety.ts';
import { findLatestAnnual, lineOf } from '../analysis/fundamentals/statement-lines.ts';
import type { CompanyFinancials } from '../analysis/financials.ts';
import { computeTrailingDividendYield, measureDividendStreak } from '../analysis/fundamentals/dividend-history.ts';
import type { Dividend, DividendRecords } from '../market/types.ts';
import {
  computeDividendCagr,
  listCalendarMonths,
  type Month,
  projectPayments,
  selectTrailingWindow,
  sumCompleteYears,
  toIncomeCents,
} from './dividend-income.ts';
import type { Holding } from './holdings-input.ts';

/** What the data says about one holding's symbol (loaded by the caller; null = not in the data). */
export interface HoldingData {
  name: string;
  /** Last close on or before the data day, in dollars. */
  price: number | null;
  /** The payment history (per share, split-adjusted); null when the data has none for the symbol. */
  dividends: readonly Dividend[] | null;
  /** The days that history covers; null when the source does not say. */
  records?: DividendRecords | null;
  /** Statements as known on the data day; null for ETFs and names without filings. */
  financials: CompanyFinancials | null;
  /** A REIT's payout is read on AFFO (dividend safety); net income otherwise. */
  payoutBasis?: PayoutBasis;
}

export interface SmartYieldRequest {
  holdings: readonly Holding[];
  data: ReadonlyMap<string, HoldingData>;
  /** The data day (last price bar): the day yields are measured on. */
  startDay: string;
  /**
   * Today: the calendar covers the 12 months after the month of the later of today and the data day, so a stale
   * data day never projects months already past. Absent: the data day.
   */
  today?: string;
  /** The last day the payment history covers. */
  historyEnd: string;
}

export interface HoldingYield {
  symbol: string;
  name: string;
  shares: number;
  costPerShare: number | null;
  /** CSV lines or rows merged into this holding. */
  lines: number[];
  price: number | null;
  marketValueCents: number | null;
  /** Dividends per share with an ex-date in the trailing window (what the projection pays). */
  annualDividendPerShare: number | null;
  annualIncomeCents: number | null;
  /** Fractions (0.031 = 3.1 %). The trailing-twelve-month yield on the data day (`computeTrailingDividendYield`, as every page). */
  dividendYield: number | null;
  yieldOnCost: number | null;
  payoutRatio: number | null;
  /** Years in a row the dividend was raised (`measureDividendStreak`); `atLeast` when it reaches the start of the data (`dataFrom`). */
  growthStreak: { years: number; atLeast: boolean; dataFrom: number } | null;
  dividendCagr5y: number | null;
  safety: { score: number; band: SafetyBand; fiscalYear: number; components: SafetyComponent[] } | null;
  paymentsPerYear: number;
  /** Why a figure is missing, one short sentence each. */
  notes: string[];
  /** False when the holding is left out of the income and the weighted yield (see notes). */
  counted: boolean;
}

interface CalendarMonth {
  month: Month;
  incomeCents: number;
  /**
   * False when the records end before the same month a year earlier is over: what was paid then is not known, and
   * the amount repeats an older year's payment (shown as unknown, not as a projection).
   */
  known: boolean;
  bySymbol: Array<{ symbol: string; incomeCents: number }>;
}

export interface SmartYieldReport {
  /** Ex-dates after `after`, through `through`: the payments the projection copies. */
  window: { after: string; through: string };
  calendar: CalendarMonth[];
  holdings: HoldingYield[];
  totals: {
    marketValueCents: number;
    annualIncomeCents: number;
    monthlyAverageCents: number;
    /** Σ income / Σ market value over the holdings counted. */
    weightedYield: number | null;
    costBasisCents: number | null;
    yieldOnCost: number | null;
    counted: number;
    excluded: Array<{ symbol: string; reason: string }>;
  };
}

const valueOrNull = <T>(r: { ok: true; value: T } | { ok: false }) => (r.ok ? r.value : null);

function paysByStatements(f: CompanyFinancials | null): boolean | null {
  const p = f ? findLatestAnnual(f) : undefined;
  if (!p) return null;
  const paid = lineOf(p, 'dividends_paid');
  return paid !== null && paid > 0;
}

function buildHoldingYield(h: Holding, d: HoldingData | undefined, req: SmartYieldRequest): { row: HoldingYield; months: Map<Month, number> } {
  const notes: string[] = [];
  const months = new Map<Month, number>();
  const row: HoldingYield = {
    symbol: h.symbol,
    name: d?.name ?? h.symbol,
    shares: h.shares,
    costPerShare: h.costPerShare,
    lines: h.lines,
    price: d?.price ?? null,
    marketValueCents: d?.price ? toIncomeCents(d.price, h.shares) : null,
    annualDividendPerShare: null,
    annualIncomeCents: null,
    dividendYield: null,
    yieldOnCost: null,
    payoutRatio: null,
    growthStreak: null,
    dividendCagr5y: null,
    safety: null,
    paymentsPerYear: 0,
    notes,
    counted: false,
  };
  if (!d?.price) notes.push('No price in the data: market value and yield cannot be computed.');

  const pays = paysByStatements(d?.financials ?? null);
  const latestEnd = d?.financials ? (findLatestAnnual(d.financials)?.end ?? null) : null;
  const projected = d?.dividends && d.dividends.length > 0 ? projectPayments(d.dividends, req.historyEnd, calendarStartOf(req)) : null;
  const lastEx = d?.dividends?.reduce((m, x) => (x.ex_date > m ? x.ex_date : m), '') ?? '';
  // Nothing went ex in the last year, yet the latest filing (ending after the last ex-date) shows dividends paid: the history has a gap, not a cut.
  const gap = projected !== null && projected.length === 0 && pays === true && latestEnd !== null && latestEnd > lastEx;
  if (gap) {
    notes.push(
      `The latest annual filing shows dividends paid, but the payment history in the data ends on ${lastEx}: left out of the income and the weighted yield.`,
    );
  } else if (projected && d?.dividends) {
    let cents = 0;
    for (const p of projected) {
      const c = toIncomeCents(p.amountPerShare, h.shares);
      cents += c;
      months.set(p.month, (months.get(p.month) ?? 0) + c);
    }
    row.paymentsPerYear = projected.length;
    row.annualDividendPerShare = projected.reduce((s, p) => s + p.amountPerShare, 0);
    row.annualIncomeCents = cents;
    if (projected.length === 0) notes.push(`No dividend went ex in the last 12 months of the history (the last on ${lastEx}): no income projected.`);
    const years = sumCompleteYears(d.dividends, req.historyEnd);
    const streak = measureDividendStreak({ events: d.dividends, records: d.records ?? null }, req.historyEnd, 'growth');
    row.growthStreak = streak ? { years: streak.years, atLeast: streak.clipped, dataFrom: streak.dataFrom } : null;
    const growth = computeDividendCagr(years, 5);
    row.dividendCagr5y = valueOrNull(growth);
    if (!growth.ok) notes.push(`5-year dividend growth: ${growth.error.message}.`);
  } else if (pays === false) {
    // The filings show no dividend paid: a non-payer earns nothing, which is an answer, not a gap.
    row.annualDividendPerShare = 0;
    row.annualIncomeCents = 0;
    notes.push('Pays no dividend (none in its latest annual filing).');
  } else {
    notes.push(
      pays
        ? 'Pays a dividend, but its payment history is not in the data: left out of the income and the weighted yield.'
        : 'No dividend history in the data: left out of the income and the weighted yield.',
    );
  }

  if (row.annualDividendPerShare !== null && d?.price) {
    row.counted = true;
    // A non-payer by its filings (no history in the data) yields nothing; a payer's yield is the trailing one.
    if (!d.dividends) row.dividendYield = 0;
    else {
      // The same trailing yield the analyses, screener and /compare serve; the income above is a projection, not this.
      const ttm = computeTrailingDividendYield({ events: d.dividends, records: d.records ?? null }, req.startDay, d.price);
      if (ttm.ok) row.dividendYield = ttm.value.yield;
      else notes.push(`Dividend yield (trailing 12 months): ${ttm.error.message}.`);
    }
  }
  if (row.annualDividendPerShare !== null && h.costPerShare !== null) row.yieldOnCost = row.annualDividendPerShare / h.costPerShare;

  const f = d?.financials ?? null;
  const latest = f ? findLatestAnnual(f) : undefined;
  if (latest && pays) {
    const payout = computeEarningsPayout(latest);
    row.payoutRatio = valueOrNull(payout);
    if (!payout.ok) notes.push(`Payout ratio: ${payout.error.message}.`);
    const safety = computeDividendSafety(f!, d?.dividends ? { events: d.dividends, records: d.records ?? null } : null, { payoutBasis: d?.payoutBasis });
    if (safety.ok) row.safety = { ...safety.value, band: classifySafetyBand(safety.value.score) };
    else notes.push(`Safety score: ${safety.error.message}.`);
  } else if (!f && row.annualDividendPerShare) notes.push('No statements in the data (an ETF or a name without filings): no payout ratio or safety score.');
  return { row, months };
}

/** The day whose month the calendar follows: today, or the data day when it is later (a clock behind the data). */
const calendarStartOf = (req: SmartYieldRequest) => (req.today && req.today > req.startDay ? req.today : req.startDay);

/**
 * A calendar month is known when the records reach into the same month a year earlier (2027-03 needs a record day on
 * or after 2026-03-01): its payments are then last year's. Past that, the projection could only repeat a payment two
 * or more years old.
 */
export function isMonthKnown(month: Month, historyEnd: string): boolean {
  return `${Number(month.slice(0, 4)) - 1}${month.slice(4, 7)}-01` <= historyEnd;
}

/**
 * Smart yield for a portfolio: per holding the trailing dividend, yield, yield on cost, payout ratio,
 * growth streak, 5-year dividend growth and dividend safety; the projected income of the next 12 months
 * by calendar month (each payment of the trailing window copied one year forward, at its per-share amount ×
 * shares, rounded to cents per payment); totals and the value-weighted yield.
 */
export function buildSmartYield(req: SmartYieldRequest): SmartYieldReport {
  const months = listCalendarMonths(calendarStartOf(req));
  const calendar: CalendarMonth[] = months.map((month) => ({ month, incomeCents: 0, bySymbol: [], known: isMonthKnown(month, req.historyEnd) }));
  const slot = new Map(calendar.map((c) => [c.month, c]));
  const holdings: HoldingYield[] = [];
  let value = 0;
  let income = 0;
  let cost = 0;
  let costIncome = 0;
  let costKnown = true;
  const excluded: SmartYieldReport['totals']['excluded'] = [];

  for (const h of req.holdings) {
    const { row, months: paid } = buildHoldingYield(h, req.data.get(h.symbol), req);
    holdings.push(row);
    if (!row.counted) {
      excluded.push({ symbol: row.symbol, reason: row.notes[0] ?? 'not enough data' });
      continue;
    }
    for (const [m, c] of paid) {
      const s = slot.get(m)!;
      s.incomeCents += c;
      s.bySymbol.push({ symbol: row.symbol, incomeCents: c });
    }
    value += row.marketValueCents!;
    income += row.annualIncomeCents!;
    if (row.costPerShare === null) costKnown = false;
    else {
      cost += toIncomeCents(row.costPerShare, row.shares);
      costIncome += row.annualIncomeCents!;
    }
  }
  for (const c of calendar) c.bySymbol.sort((a, b) => b.incomeCents - a.incomeCents);
  const counted = holdings.filter((x) => x.counted).length;
  return {
    window: selectTrailingWindow(req.historyEnd),
    calendar,
    holdings,
    totals: {
      marketValueCents: value,
      annualIncomeCents: income,
      monthlyAverageCents: Math.round(income / 12),
      weightedYield: value > 0 ? income / value : null,
      costBasisCents: counted > 0 && costKnown ? cost : null,
      yieldOnCost: counted > 0 && costKnown && cost > 0 ? costIncome / cost : null,
      counted,
      excluded,
    },
  };
}
