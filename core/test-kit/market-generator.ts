import type { Figure, Fundamentals, StatementLine, StatementSet } from '../market/types.ts';
import { addDays, isTradingDay } from '../market/trading-calendar.ts';
import { createSeededRandom } from './seeded-random.ts';

/*
 * A simulated US market for the scale benchmark (issue 32 item 6): thousands of symbols, decades of daily bars and
 * statements shaped like real ones, all from one seed. Pure: the same seed gives the same market on every machine,
 * and each symbol is generated on its own (its own seed), so a loader can stream the market symbol by symbol.
 *
 * Prices are RAW, the way a vendor reports each day and the market store keeps them (market_bars): a split divides
 * every later raw price by its ratio, and a reader adjusts the earlier ones (core/market/stored-bars.ts).
 */

export interface SimulatedSymbol {
  symbol: string;
  name: string;
  type: 'stock' | 'etf';
  /** The symbol's own seed: its bars and statements come from it alone. */
  seed: number;
  /** Annualised volatility of daily log returns (stocks 18–65 %, ETFs 10–25 %). */
  volatility: number;
  /** Annualised drift of log returns (−4 … +14 %). */
  drift: number;
  /** The raw close on the first day (before any anchoring). */
  startPrice: number;
  /** Average shares traded a day. */
  averageVolume: number;
  /** Quarterly cash dividend as a share of the price (0 = pays none). */
  quarterlyYield: number;
}

export interface SimulatedSplit {
  date: string;
  /** New shares per old share: 2 = 2-for-1; 0.1 = 1-for-10. */
  ratio: number;
}

export interface SimulatedDividend {
  exDate: string;
  payDate: string;
  /** Dollars per share as declared on the ex-date (raw basis). */
  amount: number;
}

/** One symbol's raw daily bars (cents-rounded dollars), its splits and dividends. */
export interface SimulatedBars {
  dates: readonly string[];
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  splits: SimulatedSplit[];
  dividends: SimulatedDividend[];
}

const TRADING_DAYS_A_YEAR = 252;
/** A raw price above this may split (2-, 3- or 4-for-1); below MIN a reverse split (1-for-10) lifts it. */
const SPLIT_ABOVE = 400;
const REVERSE_SPLIT_BELOW = 1;
const SPLIT_CHANCE_A_DAY = 0.02;

/** Trading days of the US exchange calendar from `from` through `through`, ascending. */
export function listTradingDays(from: string, through: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= through; d = addDays(d, 1)) if (isTradingDay(d)) days.push(d);
  return days;
}

/** The `n` trading days ending on `through` (inclusive). */
export function listLastTradingDays(through: string, n: number): string[] {
  const days: string[] = [];
  for (let d = through; days.length < n; d = addDays(d, -1)) if (isTradingDay(d)) days.push(d);
  return days.reverse();
}

/** A seed of its own for item `index` of a market seeded `seed` (splitmix-style mixing: near seeds differ widely). */
export function deriveSeed(seed: number, index: number): number {
  let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** A standard normal draw (Box–Muller) from a uniform generator. */
function drawNormal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const toCents = (v: number) => Math.round(v * 100) / 100;

/**
 * The market's symbols: `listings` when given (real tickers and names, so a store-aware app could resolve them),
 * else SIM0000…; about `etfShare` of them ETFs when the listings do not say.
 */
export function generateSymbols(
  seed: number,
  count: number,
  listings: ReadonlyArray<{ symbol: string; name: string; etf: boolean }> = [],
  etfShare = 0.12,
): SimulatedSymbol[] {
  const random = createSeededRandom(seed);
  const out: SimulatedSymbol[] = [];
  for (let i = 0; i < count; i++) {
    const listing = listings[i];
    const etf = listing ? listing.etf : random() < etfShare;
    const own = createSeededRandom(deriveSeed(seed, i));
    out.push({
      symbol: listing?.symbol ?? `SIM${String(i).padStart(4, '0')}`,
      name: listing?.name ?? `Simulated Company ${i}`,
      type: etf ? 'etf' : 'stock',
      seed: deriveSeed(seed, i),
      volatility: etf ? 0.1 + own() * 0.15 : 0.18 + own() * 0.47,
      drift: -0.04 + own() * 0.18,
      // Log-uniform $3 … $300: most listings are cheap, a few are dear.
      startPrice: toCents(3 * 100 ** own()),
      averageVolume: Math.round(10 ** (4 + own() * 3.5)),
      quarterlyYield: own() < (etf ? 0.7 : 0.4) ? 0.0025 + own() * 0.01 : 0,
    });
  }
  return out;
}

/**
 * A symbol's raw bars over `days`: a random walk of log returns with its volatility and drift, an open near the
 * previous close, a high and a low around both (every bar inside its own range, cents-rounded), volumes around its
 * average; a split when the raw price runs above $400 (or a 1-for-10 below $1), a quarterly dividend for payers.
 * `anchorClose`: the whole walk is scaled so the last raw close is this (a real symbol's last snapshot close).
 */
export function generateBars(sym: SimulatedSymbol, days: readonly string[], options: { anchorClose?: number } = {}): SimulatedBars {
  const random = createSeededRandom(sym.seed);
  const n = days.length;
  const daily = sym.volatility / Math.sqrt(TRADING_DAYS_A_YEAR);
  const mu = sym.drift / TRADING_DAYS_A_YEAR - (daily * daily) / 2;
  // The unrounded raw closes first: the anchor scales them before any rounding.
  const raw = new Float64Array(n);
  const openMove = new Float64Array(n);
  const highMove = new Float64Array(n);
  const lowMove = new Float64Array(n);
  const volume = new Float64Array(n);
  const splitAt = new Float64Array(n);
  let price = sym.startPrice;
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      if (price > SPLIT_ABOVE && random() < SPLIT_CHANCE_A_DAY) splitAt[i] = 2 + Math.floor(random() * 3);
      else if (price < REVERSE_SPLIT_BELOW && random() < SPLIT_CHANCE_A_DAY) splitAt[i] = 0.1;
      if (splitAt[i]) price /= splitAt[i]!;
    }
    price *= Math.exp(mu + daily * drawNormal(random));
    raw[i] = price;
    openMove[i] = daily * 0.3 * drawNormal(random);
    highMove[i] = Math.abs(daily * 0.5 * drawNormal(random));
    lowMove[i] = Math.abs(daily * 0.5 * drawNormal(random));
    volume[i] = Math.round(sym.averageVolume * Math.exp(0.5 * drawNormal(random)));
  }
  const scale = options.anchorClose && n > 0 ? options.anchorClose / raw[n - 1]! : 1;
  const out: SimulatedBars = {
    dates: days,
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume,
    splits: [],
    dividends: [],
  };
  for (let i = 0; i < n; i++) {
    const close = Math.max(0.01, toCents(raw[i]! * scale));
    // The open moves from the previous close, on the day's share basis.
    const previous = i === 0 ? close : (raw[i - 1]! * scale) / (splitAt[i] || 1);
    const open = Math.max(0.01, toCents(previous * Math.exp(openMove[i]!)));
    out.open[i] = open;
    out.close[i] = close;
    out.high[i] = Math.max(open, close, Math.ceil(Math.max(open, close) * (1 + highMove[i]!) * 100) / 100);
    out.low[i] = Math.max(0.01, Math.min(open, close, Math.floor(Math.min(open, close) * (1 - lowMove[i]!) * 100) / 100));
    if (splitAt[i]) out.splits.push({ date: days[i]!, ratio: splitAt[i]! });
  }
  if (sym.quarterlyYield > 0)
    for (let i = 40; i < n; i += 63) {
      const amount = Math.round(out.close[i - 1]! * sym.quarterlyYield * 10_000) / 10_000;
      if (amount > 0) out.dividends.push({ exDate: days[i]!, payDate: addDays(days[i]!, 14), amount });
    }
  return out;
}

/** The next day's raw bar after `previousClose` (±3 % at most: inside what ingestion's checks accept). */
export function generateNextBar(random: () => number, previousClose: number) {
  const close = Math.max(0.01, toCents(previousClose * (1 + (random() - 0.5) * 0.06)));
  const open = Math.max(0.01, toCents(previousClose * (1 + (random() - 0.5) * 0.02)));
  return {
    open,
    high: Math.ceil(Math.max(open, close) * (1 + random() * 0.01) * 100) / 100,
    low: Math.max(0.01, Math.floor(Math.min(open, close) * (1 - random() * 0.01) * 100) / 100),
    close,
    volume: Math.round(random() * 5e6),
  };
}

/** Lines that scale with the company's size: money and share counts; per-share figures keep their size. */
const scaleFigure = (f: Figure, factor: number, noise: number): Figure =>
  f.value === null ? f : { ...f, value: Math.round(f.value * factor * noise), ...(f.earlier ? { earlier: undefined } : {}) };

function scaleSet(set: StatementSet, factor: number, random: () => number, source: string): StatementSet {
  const line = (l: StatementLine): StatementLine => {
    // One noise per line and period, a few percent: ratios between lines stay near the template's.
    const perShare = l.unit === 'USD/share';
    return {
      ...l,
      values: l.values.map((f) => {
        const noise = 1 + (random() - 0.5) * 0.1;
        const scaled = perShare ? (f.value === null ? f : { ...f, value: Math.round(f.value * noise * 100) / 100 }) : scaleFigure(f, factor, noise);
        const { earlier: _dropped, ...rest } = scaled;
        return { ...rest, source: f.value === null ? null : source };
      }),
    };
  };
  return { periods: set.periods, income: set.income.map(line), balance: set.balance.map(line), cash_flow: set.cash_flow.map(line) };
}

/**
 * A company's statements shaped like a real one: `template` (a snapshot company's annual and quarterly statements)
 * with every money and share figure scaled by one size factor (log-uniform 0.01–3×) and a few percent of noise per
 * figure; periods and filing dates are the template's, so point-in-time reads behave as on real data.
 */
export function generateFundamentals(sym: SimulatedSymbol, template: Fundamentals): Fundamentals {
  const random = createSeededRandom(sym.seed ^ 0x5bd1e995);
  const factor = 0.01 * 300 ** random();
  return {
    symbol: sym.symbol,
    currency: 'USD',
    annual: scaleSet(template.annual, factor, random, 'simulated'),
    quarterly: scaleSet(template.quarterly, factor, random, 'simulated'),
    split_adjusted: true,
    notes: [],
  };
}
