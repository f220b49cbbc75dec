import { isReit } from '../../../core/analysis/fundamentals/company-class.ts';
import { cutRecords } from '../../../core/analysis/fundamentals/dividend-history.ts';
import { type CompanyFinancials, toCompanyFinancials } from '../../../core/analysis/financials.ts';
import { selectFundamentalsAsOf } from '../../../core/market/point-in-time.ts';
import type { Fundamentals } from '../../../core/market/types.ts';
import {
  checkHoldingFields,
  type Holding,
  type HoldingInput,
  type HoldingProblem,
  MAX_HOLDINGS,
  mergeHoldings,
  parseHoldingsCsv,
} from '../../../core/portfolio/holdings-input.ts';
import { buildSmartYield, type HoldingData, type SmartYieldReport } from '../../../core/portfolio/smart-yield.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import type { MarketService } from '../market/index.ts';
import type { SmartYieldBody } from './smart-yield.routes.ts';

/** The public page's example: well-known payers across sectors, with purchase prices. */
const EXAMPLE_PORTFOLIO_CSV = `symbol,shares,cost_per_share
KO,60,44.10
PEP,20,151.30
JNJ,25,148.00
PG,20,132.50
MO,70,45.60
VZ,70,39.80
XOM,30,86.40
MSFT,12,285.00`;

interface SmartYieldContext {
  market: MarketService;
  /**
   * Statements as the engines read them, per served statements and data day: converting a company's
   * statements is most of a request's work, and the snapshot serves the same statement sets every time
   * (the market service wraps them in a new object, so the key is the annual set).
   */
  financials: WeakMap<object, { day: string; financials: CompanyFinancials }>;
  now: () => Date;
  /** The public example's last answer: anyone may ask for it, so it is computed at most every EXAMPLE_TTL_MS. */
  example?: { at: number; outcome: Promise<SmartYieldOutcome> };
}

const EXAMPLE_TTL_MS = 10 * 60_000;

export interface SmartYieldOutcome {
  report: SmartYieldReport;
  dataDay: string;
  historyThrough: string;
  merged: Array<{ symbol: string; lines: number[] }>;
}

function refuse(problems: HoldingProblem[], fieldOf: (p: HoldingProblem) => string): never {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw new AppError('VALIDATION_FAILED', `${problems[0]!.message}${more}`, { field: fieldOf(problems[0]!), details: { problems } });
}

/** The holdings as sent (rows or CSV), each checked; every problem is named by its line or row. */
function readHoldingInputs(body: SmartYieldBody): { inputs: HoldingInput[]; field: (line: number, part?: string) => string } {
  if ((body.holdings === undefined) === (body.csv === undefined))
    throw new AppError('VALIDATION_FAILED', 'Send either holdings rows or a csv, not both and not neither.', { field: 'holdings' });
  if (body.csv !== undefined) {
    const parsed = parseHoldingsCsv(body.csv);
    if (!parsed.ok) refuse(parsed.problems, () => 'csv');
    return { inputs: parsed.holdings, field: () => 'csv' };
  }
  const rowField = (line: number, part = 'symbol') => `holdings[${line - 1}].${part}`;
  if (body.holdings!.length === 0) throw new AppError('VALIDATION_FAILED', 'Add at least one holding.', { field: 'holdings' });
  const inputs: HoldingInput[] = [];
  const problems: HoldingProblem[] = [];
  body.holdings!.forEach((row, i) => {
    const cost = row.cost_per_share === null || row.cost_per_share === undefined ? undefined : String(row.cost_per_share);
    const checked = checkHoldingFields(i + 1, row.symbol, String(row.shares), cost);
    if (Array.isArray(checked)) problems.push(...checked.map((p) => ({ ...p, message: p.message.replace(/^Line /, 'Row ') })));
    else inputs.push(checked);
  });
  if (problems.length > 0) refuse(problems, (p) => rowField(p.line, p.field === 'csv' ? 'symbol' : p.field));
  return { inputs, field: rowField };
}

/** Refuses symbols nobody lists, all of them in one answer. */
async function checkSymbolsKnown(ctx: SmartYieldContext, holdings: Holding[], field: (line: number) => string): Promise<void> {
  const unknown: Array<{ symbol: string; line: number }> = [];
  await Promise.all(
    holdings.map(async (h) => {
      try {
        await ctx.market.resolveSymbol(h.symbol);
      } catch (e) {
        if (isAppError(e) && e.code === 'UNKNOWN_SYMBOL') unknown.push({ symbol: h.symbol, line: h.lines[0]! });
        else throw e;
      }
    }),
  );
  if (unknown.length === 0) return;
  unknown.sort((a, b) => a.line - b.line);
  const list = unknown.map((u) => `${u.symbol} (line ${u.line})`).join(', ');
  throw new AppError('UNKNOWN_SYMBOL', `${unknown.length === 1 ? 'Unknown symbol' : 'Unknown symbols'}: ${list}. Nothing was analysed.`, {
    field: field(unknown[0]!.line),
    details: { unknown },
  });
}

async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (e) {
    if (isAppError(e) && e.code === 'NO_DATA') return null;
    throw e;
  }
}

function readFinancialsAsOf(ctx: SmartYieldContext, f: Fundamentals, day: string): CompanyFinancials {
  const hit = ctx.financials.get(f.annual);
  if (hit?.day === day) return hit.financials;
  const financials = toCompanyFinancials(selectFundamentalsAsOf(f, day));
  ctx.financials.set(f.annual, { day, financials });
  return financials;
}

async function loadHoldingData(ctx: SmartYieldContext, symbol: string) {
  const [profile, quote, dividends, fundamentals] = await Promise.all([
    orNull(() => ctx.market.getProfile(symbol)),
    orNull(() => ctx.market.getQuote(symbol)),
    orNull(() => ctx.market.getDividends(symbol)),
    orNull(() => ctx.market.getFundamentals(symbol)),
  ]);
  return { profile, quote, dividends, fundamentals };
}

/**
 * Smart yield for the holdings in `body`: checked (every bad line named), merged, limited to
 * MAX_HOLDINGS, symbols resolved (all unknown ones named) — refused before anything is loaded; then
 * each holding's price, payment history and statements as known on the data day. Nothing is stored.
 */
async function analyseHoldings(ctx: SmartYieldContext, body: SmartYieldBody): Promise<SmartYieldOutcome> {
  const { inputs, field } = readHoldingInputs(body);
  const holdings = mergeHoldings(inputs);
  if (holdings.length > MAX_HOLDINGS)
    throw new AppError('VALIDATION_FAILED', `At most ${MAX_HOLDINGS} holdings per portfolio; this one has ${holdings.length} different symbols.`, {
      field: body.csv !== undefined ? 'csv' : 'holdings',
    });
  await checkSymbolsKnown(ctx, holdings, (line) => field(line));

  const loaded = await Promise.all(holdings.map((h) => loadHoldingData(ctx, h.symbol)));
  const dataDay = loaded.reduce((day, l) => (l.quote && l.quote.as_of > day ? l.quote.as_of : day), '') || ctx.market.dataAsOf();
  const historyThrough = ctx.market.mode === 'live' ? dataDay : (ctx.market.datasetsAsOf()?.dividends ?? ctx.market.dataAsOf());
  const data = new Map<string, HoldingData>();
  holdings.forEach((h, i) => {
    const l = loaded[i]!;
    data.set(h.symbol, {
      name: l.profile?.name ?? h.symbol,
      price: l.quote?.price ?? null,
      // Known on the data day: the projection reads its window (to historyThrough), the trailing yield the year to the data day.
      dividends: l.dividends && l.dividends.dividends.length > 0 ? l.dividends.dividends.filter((d) => d.ex_date <= dataDay) : null,
      records: cutRecords(l.dividends?.records ?? null, dataDay),
      financials: l.fundamentals ? readFinancialsAsOf(ctx, l.fundamentals, dataDay) : null,
      payoutBasis: l.profile && isReit(l.profile.sector ?? null, l.profile.industry ?? null) ? 'affo' : 'earnings',
    });
  });
  // The calendar starts after today, not after a stale data day (months already past are not a projection).
  const today = ctx.now().toISOString().slice(0, 10);
  const report = buildSmartYield({ holdings, data, startDay: dataDay, today, historyEnd: historyThrough });
  const merged = holdings.filter((h) => h.lines.length > 1).map((h) => ({ symbol: h.symbol, lines: h.lines }));
  return { report, dataDay, historyThrough, merged };
}

function analyseExamplePortfolio(ctx: SmartYieldContext, now = Date.now()): Promise<SmartYieldOutcome> {
  if (!ctx.example || now - ctx.example.at > EXAMPLE_TTL_MS) {
    const outcome = analyseHoldings(ctx, { csv: EXAMPLE_PORTFOLIO_CSV });
    ctx.example = { at: now, outcome };
    outcome.catch(() => {
      ctx.example = undefined;
    });
  }
  return ctx.example.outcome;
}

/** Income analysis of a portfolio (nothing stored) and the public example, with per-filing financials kept for the service's life. */
export function createSmartYieldService(deps: { market: MarketService; now: () => Date }) {
  const ctx: SmartYieldContext = { market: deps.market, now: deps.now, financials: new WeakMap() };
  return {
    analyseHoldings: (body: SmartYieldBody) => analyseHoldings(ctx, body),
    analyseExamplePortfolio: (now?: number) => analyseExamplePortfolio(ctx, now),
  };
}
export type SmartYieldService = ReturnType<typeof createSmartYieldService>;
