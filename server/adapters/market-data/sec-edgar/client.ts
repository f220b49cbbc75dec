import {
  padCik,
  parseNewFilings,
  parseSubmissionsIndustry,
  parsePointInTimeFacts,
  parseTickerDirectory,
  type SecFiling,
  type SecIndustry,
  type SecPointInTimeFact,
  type SecSubmissionsFilingsJson,
  type SecTickerEntry,
  type SecTickerExchangeJson,
} from '../../../../core/market/ingest-sec.ts';
import type { IngestRefusal, Validated } from '../../../../core/market/ingest-validation.ts';
import { QualityLog } from '../../../../core/market/quality.ts';
import type { CompanyFactsJson } from '../../../../core/market/sec-facts.ts';
import type { SplitEvent } from '../../../../core/market/split-adjust.ts';
import { LINE_DEFS } from '../../../../core/market/statements.ts';
import type { Fundamentals } from '../../../../core/market/types.ts';
import { fetchJson, type FetchJsonOptions, UpstreamError } from '../http.ts';
import type { FetchLike } from '../types.ts';
import { buildLiveFundamentals } from './index.ts';
import { createTokenBucket, type RateLimiter, SEC_MAX_REQUESTS_PER_SECOND } from './rate-limiter.ts';

export interface SecEdgarClientOptions extends Omit<FetchJsonOptions, 'fetch' | 'headers'> {
  fetch: FetchLike;
  /** EDGAR refuses requests without a contact in the User-Agent ("Company admin@example.com"). */
  userAgent: string;
  /** Default https://data.sec.gov (submissions, companyfacts). */
  dataBaseUrl?: string;
  /** Default https://www.sec.gov (the ticker exchange file). */
  wwwBaseUrl?: string;
  /** Shared by every request of this client (and any other client given the same one); default ≤ 10 a second on the real clock. */
  limiter?: RateLimiter;
}

export interface SecCompanyFacts {
  cik: string;
  entityName: string | null;
  /** Every fact of the mapped concepts as filed (point in time), with refusals such as unknown units. */
  facts: Validated<SecPointInTimeFact>;
  /** The same document through the app's normaliser (statements as the analyses read them); null without an annual period. */
  fundamentals: Fundamentals | null;
  /** What the normaliser repaired or refused, for the quality log. */
  quality: QualityLog;
}

/** A filer's submissions answer: its tracked filings, and beside them what it does (its SIC), read from the same request. */
export interface SecSubmissions extends Validated<SecFiling> {
  /** The filer's SIC and its title; null when EDGAR gives none, or gives one that is refused (`industryRefused`). */
  industry: SecIndustry | null;
  /** Why the SIC EDGAR gave was not taken (not four digits); null when taken or absent. */
  industryRefused: IngestRefusal | null;
}

export interface SecEdgarClient {
  /** Every ticker EDGAR maps to a CIK, with its exchange. */
  fetchTickerDirectory(): Promise<Validated<SecTickerEntry>>;
  /** 10-K, 10-Q, 20-F, 40-F and 8-K filings (and their amendments) filed on or after `sinceDate`, and the filer's SIC. */
  fetchNewFilings(cik: string, sinceDate: string): Promise<SecSubmissions>;
  /** The company's XBRL facts, or null when EDGAR has none for the CIK (404). */
  fetchCompanyFacts(cik: string, options?: { symbol?: string; splits?: readonly SplitEvent[] }): Promise<SecCompanyFacts | null>;
}

/** The us-gaap and ifrs-full concepts the statements read: the ones worth storing point in time. */
export const MAPPED_SEC_CONCEPTS: ReadonlySet<string> = new Set(
  LINE_DEFS.flatMap((d) => [...d.secTags.map((t) => `us-gaap:${t}`), ...d.ifrsTags.map((t) => `ifrs-full:${t}`)]),
);

/**
 * A client of SEC EDGAR's public JSON. Every request waits for the rate limiter and carries the
 * declared User-Agent, as the SEC's fair access policy asks. Transport failures throw UpstreamError
 * (retry later); answers that do not hold together come back refused.
 */
export function createSecEdgarClient(options: SecEdgarClientOptions): SecEdgarClient {
  if (!options.userAgent.trim()) throw new Error('SEC EDGAR needs a User-Agent with a contact (SEC_USER_AGENT)');
  const data = (options.dataBaseUrl ?? 'https://data.sec.gov').replace(/\/$/, '');
  const www = (options.wwwBaseUrl ?? 'https://www.sec.gov').replace(/\/$/, '');
  const limiter = options.limiter ?? createTokenBucket({ perSecond: SEC_MAX_REQUESTS_PER_SECOND });
  // Each attempt (retries included) is a request the SEC counts, so the limiter wraps fetch itself.
  const limitedFetch: FetchLike = async (url, init) => {
    await limiter.acquire();
    return options.fetch(url, init);
  };
  const get = <T>(url: string) => fetchJson<T>(url, { ...options, fetch: limitedFetch, headers: { 'user-agent': options.userAgent } });

  return {
    async fetchTickerDirectory() {
      const doc = await get<SecTickerExchangeJson>(`${www}/files/company_tickers_exchange.json`);
      if (!doc) throw new UpstreamError('www.sec.gov has no company_tickers_exchange.json (404)', 404, false);
      return parseTickerDirectory(doc);
    },
    async fetchNewFilings(cik, sinceDate) {
      const padded = padCik(cik);
      const doc = await get<SecSubmissionsFilingsJson>(`${data}/submissions/CIK${padded}.json`);
      if (!doc) return { accepted: [], refused: [], industry: null, industryRefused: null };
      const { industry, refused: industryRefused } = parseSubmissionsIndustry(padded, doc);
      return { ...parseNewFilings(padded, doc, sinceDate), industry, industryRefused };
    },
    async fetchCompanyFacts(cik, opts = {}) {
      const padded = padCik(cik);
      const doc = await get<CompanyFactsJson>(`${data}/api/xbrl/companyfacts/CIK${padded}.json`);
      return doc ? parseCompanyFacts(padded, doc, opts) : null;
    },
  };
}

/**
 * One companyfacts document read as the store keeps it: every fact of the mapped concepts as filed, and the
 * statements through the app's normaliser. The scheduled cycle (over HTTP) and the bulk backfill (from EDGAR's
 * nightly archive) both read documents through this, so a company reads the same whichever way it arrived.
 */
export function parseCompanyFacts(cik: string, doc: CompanyFactsJson, opts: { symbol?: string; splits?: readonly SplitEvent[] } = {}): SecCompanyFacts {
  const padded = padCik(cik);
  const facts = parsePointInTimeFacts(doc as Parameters<typeof parsePointInTimeFacts>[0], MAPPED_SEC_CONCEPTS);
  const quality = new QualityLog();
  let fundamentals: Fundamentals | null = null;
  try {
    fundamentals = buildLiveFundamentals(opts.symbol ?? padded, doc, opts.splits ?? [], quality);
  } catch (e) {
    // A document with neither a us-gaap nor an ifrs-full section: the whole answer is refused, nothing of it is usable.
    return {
      cik: padded,
      entityName: doc.entityName ?? null,
      facts: { accepted: [], refused: [{ key: `companyfacts ${padded}`, code: 'truncated_answer', reason: (e as Error).message }] },
      fundamentals: null,
      quality,
    };
  }
  return { cik: padded, entityName: doc.entityName ?? null, facts, fundamentals, quality };
}
