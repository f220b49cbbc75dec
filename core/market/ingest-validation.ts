import { isTradingDay } from './trading-calendar.ts';

/**
 * What a vendor answer must satisfy before anything of it is stored. Pure: the adapters parse the
 * vendor's JSON into these shapes, these functions decide, and the ingestion job stores only
 * `accepted` and logs `refused` (each with a stable code and a sentence) to retry later.
 */

export type IngestRefusalCode =
  | 'vendor_status'
  | 'truncated_answer'
  | 'missing_field'
  | 'unknown_currency'
  | 'unknown_unit'
  | 'non_positive_price'
  | 'bar_outside_range'
  | 'negative_volume'
  | 'jump_without_split'
  | 'not_trading_day'
  | 'duplicate_ticker'
  | 'bad_ratio'
  | 'bad_amount'
  | 'bad_sic';

export interface IngestRefusal {
  /** What was refused: a symbol, "AAPL 2026-07-06", or the whole answer ("grouped 2026-07-06"). */
  key: string;
  code: IngestRefusalCode;
  /** One sentence for the log and the operator. */
  reason: string;
}

export interface Validated<T> {
  accepted: T[];
  refused: IngestRefusal[];
}

/** One raw (unadjusted) daily bar in dollars, as a vendor reports it. */
export interface IngestDailyBar {
  symbol: string;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
  /** Volume-weighted average price, when the vendor gives it. */
  vwap: number | null;
  /** Number of trades, when the vendor gives it. */
  trades: number | null;
}

export interface IngestSplit {
  symbol: string;
  /** First day the shares trade on the new basis. */
  date: string;
  /** New shares per old share (a 4-for-1 split is 4; a 1-for-10 reverse split is 0.1). */
  ratio: number;
}

export interface IngestDividend {
  symbol: string;
  ex_date: string;
  pay_date: string | null;
  record_date: string | null;
  declared_date: string | null;
  /** Dollars per share (vendors quote fractions of a cent, so not integer cents). */
  amount: number;
  /** Payments a year (4 = quarterly); 0 = one-off or special; null when not stated. */
  frequency: number | null;
  /** The vendor's dividend type (e.g. CD regular, SC special). */
  kind: string | null;
}

export interface IngestTicker {
  symbol: string;
  name: string;
  /** Exchange MIC (XNYS, XNAS, ARCX…), null when the vendor does not say. */
  exchange: string | null;
  /** The vendor's security type (CS common stock, ETF, ADRC…). */
  type: string;
  active: boolean;
  /** Ten digits, zero-padded; null when the vendor has none. */
  cik: string | null;
  /** Day the listing ended, null while listed. */
  delisted_on: string | null;
}

/** A close at least this many times (or at most 1/this of) the previous close without a split is a vendor error, not a market move. */
export const JUMP_WITHOUT_SPLIT_FACTOR = 100;
/** A whole-market day of US stocks has ~10,000 rows; fewer than this is a cut answer, not a quiet day. */
export const MIN_GROUPED_DAILY_RESULTS = 5000;
/** Answers are in dollars: anything else would be stored as if it were. */
export const ACCEPTED_CURRENCIES: readonly string[] = ['USD'];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isIsoDay = (v: unknown): v is string => typeof v === 'string' && ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A whole-market answer (grouped daily bars) must say OK and be about as large as a market: a vendor
 * that cuts its answer short would otherwise make thousands of symbols look untraded that day.
 */
export function checkWholeMarketAnswer(
  key: string,
  answer: { status: unknown; resultsCount: unknown; results: unknown },
  minResults: number = MIN_GROUPED_DAILY_RESULTS,
): IngestRefusal | null {
  if (answer.status !== 'OK' && answer.status !== 'DELAYED') {
    return { key, code: 'vendor_status', reason: `The vendor answered with status ${JSON.stringify(answer.status)} instead of OK.` };
  }
  if (!Array.isArray(answer.results)) return { key, code: 'truncated_answer', reason: 'The answer has no results list.' };
  const n = answer.results.length;
  if (isFiniteNumber(answer.resultsCount) && answer.resultsCount !== n) {
    return { key, code: 'truncated_answer', reason: `The answer announces ${answer.resultsCount} results but holds ${n}.` };
  }
  if (n < minResults) {
    return { key, code: 'truncated_answer', reason: `The answer holds ${n} results where a whole market has at least ${minResults}.` };
  }
  return null;
}

/** A currency code the store can hold as dollars, or a refusal naming it. */
export function checkCurrency(key: string, currency: unknown): IngestRefusal | null {
  const code = typeof currency === 'string' ? currency.toUpperCase() : currency;
  if (typeof code === 'string' && ACCEPTED_CURRENCIES.includes(code)) return null;
  return { key, code: 'unknown_currency', reason: `Currency ${JSON.stringify(currency)} is not one the store holds (${ACCEPTED_CURRENCIES.join(', ')}).` };
}

/** One bar on its own: a trading day, positive prices, open and close inside its own low–high, volume not negative. */
export function checkBarShape(bar: IngestDailyBar): IngestRefusal | null {
  const key = `${bar.symbol} ${bar.date}`;
  if (!bar.symbol || !isIsoDay(bar.date)) return { key, code: 'missing_field', reason: 'The bar has no symbol or no valid date.' };
  const prices = [bar.open, bar.high, bar.low, bar.close];
  if (!prices.every(isFiniteNumber)) return { key, code: 'missing_field', reason: 'The bar lacks one of open, high, low and close.' };
  if (!isTradingDay(bar.date)) return { key, code: 'not_trading_day', reason: `${bar.date} is not a NYSE trading day (weekend or holiday).` };
  if (prices.some((p) => p <= 0))
    return { key, code: 'non_positive_price', reason: `A price is zero or negative (o ${bar.open} h ${bar.high} l ${bar.low} c ${bar.close}).` };
  if (bar.low > bar.high) return { key, code: 'bar_outside_range', reason: `The low ${bar.low} is above the high ${bar.high}.` };
  for (const [name, p] of [
    ['open', bar.open],
    ['close', bar.close],
  ] as const) {
    if (p > bar.high || p < bar.low) {
      return { key, code: 'bar_outside_range', reason: `The ${name} ${p} is outside the bar's own range ${bar.low}–${bar.high}.` };
    }
  }
  if (bar.volume !== null && (!isFiniteNumber(bar.volume) || bar.volume < 0)) {
    return { key, code: 'negative_volume', reason: `The volume ${bar.volume} is negative.` };
  }
  return null;
}

/** The close moved ≥ 100× or ≤ 1/100 of the previous close and no split explains it. */
export function checkJump(key: string, previousClose: number, close: number, splitInWindow: boolean): IngestRefusal | null {
  if (splitInWindow || previousClose <= 0) return null;
  const ratio = close / previousClose;
  if (ratio >= JUMP_WITHOUT_SPLIT_FACTOR || ratio <= 1 / JUMP_WITHOUT_SPLIT_FACTOR) {
    return {
      key,
      code: 'jump_without_split',
      reason: `The close ${close} is ${ratio >= 1 ? `${round2(ratio)}×` : `1/${round2(1 / ratio)} of`} the previous close ${previousClose} and no split is known in between.`,
    };
  }
  return null;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Whether the symbol has a split dated after `afterDay` and on or before `onOrBefore` (the window between two closes). */
export function hasSplitBetween(splits: readonly IngestSplit[], symbol: string, afterDay: string, onOrBefore: string): boolean {
  return splits.some((s) => s.symbol === symbol && s.date > afterDay && s.date <= onOrBefore);
}

export interface PreviousClose {
  date: string;
  close: number;
}

/**
 * One market day's bars (a grouped daily answer): each bar's shape, one bar per symbol (a duplicate
 * refuses every copy — which one is right is unknowable), the date the answer is for, and the jump
 * against each symbol's previous stored close unless a split falls in between.
 */
export function validateMarketDay(
  day: string,
  bars: readonly IngestDailyBar[],
  context: { previousCloses: ReadonlyMap<string, PreviousClose>; splits: readonly IngestSplit[] },
): Validated<IngestDailyBar> {
  const refused: IngestRefusal[] = [];
  const counts = new Map<string, number>();
  for (const b of bars) counts.set(b.symbol, (counts.get(b.symbol) ?? 0) + 1);
  const accepted: IngestDailyBar[] = [];
  const duplicatesNamed = new Set<string>();
  for (const bar of bars) {
    if ((counts.get(bar.symbol) ?? 0) > 1) {
      if (!duplicatesNamed.has(bar.symbol)) {
        duplicatesNamed.add(bar.symbol);
        refused.push({ key: bar.symbol, code: 'duplicate_ticker', reason: `${bar.symbol} appears ${counts.get(bar.symbol)} times in one answer.` });
      }
      continue;
    }
    if (bar.date !== day) {
      refused.push({ key: `${bar.symbol} ${bar.date}`, code: 'missing_field', reason: `The bar is dated ${bar.date} in an answer for ${day}.` });
      continue;
    }
    const bad = checkBarShape(bar);
    if (bad) {
      refused.push(bad);
      continue;
    }
    const prev = context.previousCloses.get(bar.symbol);
    const jump = prev ? checkJump(`${bar.symbol} ${bar.date}`, prev.close, bar.close, hasSplitBetween(context.splits, bar.symbol, prev.date, bar.date)) : null;
    if (jump) {
      refused.push(jump);
      continue;
    }
    accepted.push(bar);
  }
  return { accepted, refused };
}

/**
 * One symbol's daily series (per-ticker aggregates, ascending): each bar's shape, one bar per date,
 * and each close against the one before (the first against `previousClose` when given) unless a
 * split falls in between. A refused bar is skipped and the next bar is compared with the last accepted one.
 */
export function validateSeries(
  symbol: string,
  bars: readonly IngestDailyBar[],
  context: { previousClose?: PreviousClose | null; splits: readonly IngestSplit[] },
): Validated<IngestDailyBar> {
  const accepted: IngestDailyBar[] = [];
  const refused: IngestRefusal[] = [];
  let prev: PreviousClose | null = context.previousClose ?? null;
  const seen = new Set<string>();
  for (const bar of [...bars].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    const key = `${symbol} ${bar.date}`;
    if (seen.has(bar.date)) {
      refused.push({ key, code: 'duplicate_ticker', reason: `${symbol} has two bars dated ${bar.date}.` });
      continue;
    }
    seen.add(bar.date);
    const bad = checkBarShape(bar);
    if (bad) {
      refused.push(bad);
      continue;
    }
    const jump = prev ? checkJump(key, prev.close, bar.close, hasSplitBetween(context.splits, symbol, prev.date, bar.date)) : null;
    if (jump) {
      refused.push(jump);
      continue;
    }
    accepted.push(bar);
    prev = { date: bar.date, close: bar.close };
  }
  return { accepted, refused };
}

/** Splits: a valid date and a positive ratio other than 1; one symbol with two different ratios on one day keeps neither, the same one twice is kept once. */
export function validateSplits(splits: readonly IngestSplit[]): Validated<IngestSplit> {
  const refused: IngestRefusal[] = [];
  const accepted: IngestSplit[] = [];
  const ratiosByKey = new Map<string, Set<number>>();
  for (const s of splits) {
    const key = `${s.symbol} ${s.date}`;
    ratiosByKey.set(key, (ratiosByKey.get(key) ?? new Set()).add(s.ratio));
  }
  const done = new Set<string>();
  for (const s of splits) {
    const key = `${s.symbol} ${s.date}`;
    if (done.has(key)) continue;
    done.add(key);
    if (!s.symbol || !isIsoDay(s.date)) refuse(refused, key, 'missing_field', 'The split has no symbol or no valid execution date.');
    else if (!isFiniteNumber(s.ratio) || s.ratio <= 0 || s.ratio === 1)
      refuse(refused, key, 'bad_ratio', `The split ratio ${s.ratio} is not a positive ratio other than 1.`);
    else if ((ratiosByKey.get(key)?.size ?? 0) > 1) {
      refuse(refused, key, 'duplicate_ticker', `${s.symbol} has ${ratiosByKey.get(key)!.size} different split ratios on ${s.date}.`);
    } else accepted.push(s);
  }
  return { accepted, refused };
}

/** Dividends: dollars, a positive amount, a valid ex-date, and a pay date not before it. */
export function validateDividends(dividends: readonly (IngestDividend & { currency: unknown })[]): Validated<IngestDividend> {
  const refused: IngestRefusal[] = [];
  const accepted: IngestDividend[] = [];
  for (const { currency, ...d } of dividends) {
    const key = `${d.symbol} ${d.ex_date}`;
    if (!d.symbol || !isIsoDay(d.ex_date)) {
      refuse(refused, key, 'missing_field', 'The dividend has no symbol or no valid ex-dividend date.');
      continue;
    }
    const cur = checkCurrency(key, currency);
    if (cur) {
      refused.push(cur);
      continue;
    }
    if (!isFiniteNumber(d.amount) || d.amount <= 0) {
      refuse(refused, key, 'bad_amount', `The cash amount ${d.amount} is not a positive number of dollars.`);
      continue;
    }
    if (d.pay_date !== null && (!isIsoDay(d.pay_date) || d.pay_date < d.ex_date)) {
      refuse(refused, key, 'missing_field', `The pay date ${d.pay_date} is not a valid day on or after the ex-date.`);
      continue;
    }
    accepted.push(d);
  }
  return { accepted, refused };
}

/** Tickers: a symbol, a name and a type; dollars; one row per symbol (a duplicate refuses every copy). */
export function validateTickers(tickers: readonly (IngestTicker & { currency: unknown })[]): Validated<IngestTicker> {
  const refused: IngestRefusal[] = [];
  const counts = countBy(tickers, (t) => t.symbol);
  const accepted: IngestTicker[] = [];
  const named = new Set<string>();
  for (const { currency, ...t } of tickers) {
    if (!t.symbol || !t.name || !t.type) {
      refuse(refused, t.symbol || '(no ticker)', 'missing_field', 'The listing lacks a ticker, a name or a type.');
      continue;
    }
    if ((counts.get(t.symbol) ?? 0) > 1) {
      if (!named.has(t.symbol)) {
        named.add(t.symbol);
        refuse(refused, t.symbol, 'duplicate_ticker', `${t.symbol} appears ${counts.get(t.symbol)} times in one answer.`);
      }
      continue;
    }
    const cur = checkCurrency(t.symbol, currency);
    if (cur) {
      refused.push(cur);
      continue;
    }
    accepted.push(t);
  }
  return { accepted, refused };
}

function countBy<T>(items: readonly T[], keyOf: (t: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const i of items) m.set(keyOf(i), (m.get(keyOf(i)) ?? 0) + 1);
  return m;
}

function refuse(list: IngestRefusal[], key: string, code: IngestRefusalCode, reason: string): false {
  list.push({ key, code, reason });
  return false;
}
