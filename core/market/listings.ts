import type { SecTickerEntry } from './ingest-sec.ts';
import type { IngestRefusal, IngestTicker } from './ingest-validation.ts';
import { mapSicToSector } from './sic-sector.ts';
import { normalizeSymbol } from './symbol.ts';
import type { Profile } from './types.ts';

/**
 * Listings with their identifiers: the price vendor's reference tickers (active and delisted US stocks and ETFs)
 * joined with the SEC's ticker→CIK directory. Pure: the ingestion reads both answers and what is stored, this decides
 * what each listing is, what is refused, and whether the answer may be trusted at all.
 */

export type ListingType = 'stock' | 'etf' | 'other';

/** One listing as the store holds it. */
export interface ListingRecord {
  symbol: string;
  name: string;
  /** Ten digits, zero-padded; null when no filer maps to the symbol. */
  cik: string | null;
  exchange: string | null;
  type: ListingType;
  active: boolean;
  /** Null while listed. */
  delisted_on: string | null;
  source: string;
}

/** An active list this much smaller than the day before is a cut answer: real delistings are a handful a day. */
export const MAX_ACTIVE_SHRINK = 0.1;
/** The vendor's active US common stocks and ETFs number ~10,000; fewer than this is a cut answer, not a market. */
export const MIN_ACTIVE_LISTINGS = 5_000;

export const LISTINGS_SOURCE = 'massive-reference';
export const SEC_TICKERS_SOURCE = 'sec-tickers';

/** Exchanges by ISO 10383 MIC (as the vendor names them), spelled as the bundled listings spell them. */
const EXCHANGE_BY_MIC: Record<string, string> = {
  XNAS: 'NASDAQ',
  XNYS: 'NYSE',
  ARCX: 'NYSE Arca',
  XASE: 'NYSE American',
  BATS: 'Cboe BZX',
};

/** The exchange's name from its MIC; an unknown MIC is kept as it is rather than guessed. */
export const nameExchange = (mic: string | null): string | null => (mic ? (EXCHANGE_BY_MIC[mic] ?? mic) : null);

/** The vendor's security type: CS common stock, ETF; everything else (ADRs, funds, units) is `other`. */
export const classifyListingType = (vendorType: string): ListingType => (vendorType === 'CS' ? 'stock' : vendorType === 'ETF' ? 'etf' : 'other');

export interface MergeListingsInput {
  /** The listings day (New York): the delisting day of a symbol gone from the active list without a vendor date. */
  day: string;
  /** The vendor's active listings, each symbol once (validateTickers refused duplicates). */
  active: readonly IngestTicker[];
  /** The vendor's delisted listings; a ticker reused over the years appears several times. */
  delisted: readonly IngestTicker[];
  /** The SEC's ticker→CIK directory, or null when EDGAR is not configured (then the vendor's CIKs alone). */
  directory: readonly SecTickerEntry[] | null;
  /** Symbols stored as active before this day. */
  previouslyActive: ReadonlySet<string>;
  /** The floor of a whole answer (MIN_ACTIVE_LISTINGS; tests with a small market lower it). */
  minActive?: number;
}

export interface MergedListings {
  /** Why nothing of the answer may be stored; null when it may. */
  wholeAnswerRefused: string | null;
  listings: ListingRecord[];
  refused: IngestRefusal[];
  /** Stored as active, in neither of today's lists: delisted as of `day` (kept, never deleted). */
  goneFromActive: string[];
}

/**
 * Merges the vendor's lists with the SEC directory.
 * - A whole answer is refused when the active list is below the floor or more than MAX_ACTIVE_SHRINK smaller than the
 *   stored one: a cut answer would otherwise delist thousands of symbols at once.
 * - An active symbol's CIK is the SEC directory's (the SEC is the authority on which filer trades under a ticker
 *   today), else the vendor's. A delisted symbol keeps the vendor's: today's directory maps a reused ticker to its
 *   new holder, not to the company that left.
 * - A ticker both active and delisted is the active listing (the ticker was reused); of several delistings of one
 *   ticker, the newest is kept.
 * - A symbol that is not a plausible ticker is refused with its reason.
 */
export function mergeListings(input: MergeListingsInput): MergedListings {
  const minActive = input.minActive ?? MIN_ACTIVE_LISTINGS;
  const refused: IngestRefusal[] = [];
  const n = input.active.length;
  const before = input.previouslyActive.size;
  const refuseWhole = (reason: string): MergedListings => ({
    wholeAnswerRefused: reason,
    listings: [],
    refused: [{ key: 'tickers', code: 'truncated_answer', reason }],
    goneFromActive: [],
  });
  if (n < minActive) return refuseWhole(`The answer holds ${n} active listings where a US market has at least ${minActive}.`);
  if (before > 0 && n < before * (1 - MAX_ACTIVE_SHRINK))
    return refuseWhole(
      `The answer holds ${n} active listings where ${before} were listed before: more than ${MAX_ACTIVE_SHRINK * 100}% gone in a day is a cut answer.`,
    );

  const ciks = new Map((input.directory ?? []).map((e) => [e.ticker, e.cik]));
  const canonical = (t: IngestTicker): string | null => {
    const s = normalizeSymbol(t.symbol);
    if (s.ok) return s.symbol;
    refused.push({ key: t.symbol || '(no ticker)', code: 'missing_field', reason: `${JSON.stringify(t.symbol)} is not a ticker: ${s.reason}` });
    return null;
  };

  const listings: ListingRecord[] = [];
  const activeSymbols = new Set<string>();
  for (const t of input.active) {
    const symbol = canonical(t);
    if (!symbol || activeSymbols.has(symbol)) continue;
    activeSymbols.add(symbol);
    const secCik = ciks.get(symbol) ?? null;
    listings.push({
      symbol,
      name: t.name,
      cik: secCik ?? t.cik,
      exchange: nameExchange(t.exchange),
      type: classifyListingType(t.type),
      active: true,
      delisted_on: null,
      source: secCik ? `${LISTINGS_SOURCE}+${SEC_TICKERS_SOURCE}` : LISTINGS_SOURCE,
    });
  }

  const newestDelisting = new Map<string, ListingRecord>();
  for (const t of input.delisted) {
    const symbol = canonical(t);
    if (!symbol || activeSymbols.has(symbol)) continue;
    const delistedOn = t.delisted_on ?? input.day;
    const seen = newestDelisting.get(symbol);
    if (seen && seen.delisted_on! >= delistedOn) continue;
    newestDelisting.set(symbol, {
      symbol,
      name: t.name,
      cik: t.cik,
      exchange: nameExchange(t.exchange),
      type: classifyListingType(t.type),
      active: false,
      delisted_on: delistedOn,
      source: LISTINGS_SOURCE,
    });
  }
  listings.push(...newestDelisting.values());

  const goneFromActive = [...input.previouslyActive].filter((s) => !activeSymbols.has(s) && !newestDelisting.has(s)).sort();
  listings.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  return { wholeAnswerRefused: null, listings, refused, goneFromActive };
}

/**
 * What a listing tells of a company: the profile a symbol no source profiles gets. With its filer's SIC from EDGAR
 * (`sic`), the sector is the SIC's GICS sector (core/market/sic-sector.ts; null where SIC cannot tell) and the industry
 * and SIC description are EDGAR's title of the code, so the company joins its sector's peers and is classified (a bank
 * as a bank: core/analysis/fundamentals/company-class.ts reads the SIC description). Without it: no sector, no industry.
 */
export function buildListingProfile(
  l: Pick<Profile, 'symbol' | 'name' | 'type' | 'exchange' | 'cik' | 'source'>,
  sic: { code: string | null; description: string | null } | null = null,
): Profile {
  // A fund's SIC (6221, 6798…) says what it holds, not what it is: ETFs get no sector from it.
  const known = l.type === 'stock' ? sic : null;
  return {
    ...l,
    sector: mapSicToSector(known?.code),
    industry: known?.description ?? null,
    sic_description: known?.description ?? null,
    headquarters: null,
    founded: null,
    fiscal_year_end: null,
    sp500: false,
  };
}
