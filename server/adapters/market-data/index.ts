import type { Logger } from '../../lib/logger.ts';
import { createBundledProvider } from './bundled/index.ts';
import type { FetchJsonOptions } from './http.ts';
import { createMassiveClient, createMassiveProvider } from './massive/index.ts';
import { createMassiveIngestVendor } from './massive/ingest-vendor.ts';
import { createMassiveListingsVendor } from './massive/listings-vendor.ts';
import { createSecEdgarProvider } from './sec-edgar/index.ts';
import { createTokenBucket, SEC_MAX_REQUESTS_PER_SECOND } from './sec-edgar/rate-limiter.ts';
import { createSecEdgarClient, type SecEdgarClient } from './sec-edgar/client.ts';
import type { RateLimiter } from './sec-edgar/rate-limiter.ts';
import type { FetchLike, IngestVendor, ListingsVendor, MarketDataProvider, SnapshotProvider } from './types.ts';

export type {
  Capability,
  CoveredListing,
  FetchLike,
  IngestVendor,
  ListingsVendor,
  MarketDataProvider,
  SnapshotCompany,
  SnapshotProvider,
  VendorDay,
} from './types.ts';
export { createMassiveListingsVendor } from './massive/listings-vendor.ts';
export { createMassiveIngestVendor } from './massive/ingest-vendor.ts';
export type { FetchJsonOptions } from './http.ts';
export { findBundledDataDir } from './bundled/data-dir.ts';
export { type BarContext, createMassiveClient, createMassiveProvider, type MassiveClient, type MassiveClientOptions } from './massive/index.ts';
export { createSecEdgarClient, parseCompanyFacts, type SecCompanyFacts, type SecEdgarClient, type SecEdgarClientOptions } from './sec-edgar/client.ts';
export { createTokenBucket, type RateLimiter, SEC_MAX_REQUESTS_PER_SECOND } from './sec-edgar/rate-limiter.ts';
export { UpstreamError } from './http.ts';
export { createTreasuryClient, type TreasuryClient, type TreasuryClientOptions } from './treasury/client.ts';

interface MarketDataConfig {
  MARKET_PROVIDER: 'bundled' | 'live';
  SEC_USER_AGENT?: string;
  SEC_DATA_BASE_URL?: string;
  SEC_WWW_BASE_URL?: string;
  MASSIVE_API_KEY?: string;
  MASSIVE_BASE_URL?: string;
}

export interface MarketDataOptions {
  /** Directory of the bundled snapshot. */
  dataDir: string;
  logger: Logger;
  /** fetch for the live providers (tests inject recorded fixtures). */
  fetch?: FetchLike;
  /** Replaces the live providers built from config (tests); their presence turns live mode on. */
  liveProviders?: MarketDataProvider[];
  /** Timeout, retries and back-off for the live providers (tests shorten them). */
  liveHttp?: Pick<FetchJsonOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'sleep'>;
  /** The live providers' clock (which day "today" is for a quote's look-back); tests inject one. */
  now?: () => number;
}

interface MarketDataProviders {
  /** The bundled snapshot: every listing, search, and the last fallback. */
  snapshot: SnapshotProvider;
  /** Live providers in order of preference; empty in bundled mode. */
  live: MarketDataProvider[];
}

/**
 * Massive for prices, dividends and splits when MASSIVE_API_KEY is set; SEC EDGAR for statements and
 * profiles when a contact User-Agent is configured, every EDGAR request through one limiter (≤ 10 a
 * second). Yahoo's unofficial chart API is gone: it has no licence for a paid product. Without a key,
 * live mode's prices come from the store and the bundled snapshot (production refuses to start).
 */
function createLiveProviders(env: MarketDataConfig, options: MarketDataOptions, snapshot: SnapshotProvider): MarketDataProvider[] {
  const http = options.liveHttp ?? {};
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const providers: MarketDataProvider[] = [];
  if (env.MASSIVE_API_KEY) {
    providers.push(
      createMassiveProvider({
        ...http,
        fetch: fetchImpl,
        apiKey: env.MASSIVE_API_KEY,
        baseUrl: env.MASSIVE_BASE_URL,
        now: options.now,
        onRefused: (refused) => options.logger.warn({ refused }, 'Massive answer: bars refused by the ingestion checks'),
      }),
    );
  } else {
    options.logger.warn('MARKET_PROVIDER=live without MASSIVE_API_KEY: no live price vendor; prices come from the store and the bundled snapshot');
  }
  if (env.SEC_USER_AGENT) {
    const limiter = sharedSecLimiter();
    providers.push(
      createSecEdgarProvider({
        ...http,
        fetch: async (url, init) => {
          await limiter.acquire();
          return fetchImpl(url, init);
        },
        userAgent: env.SEC_USER_AGENT,
        dataBaseUrl: env.SEC_DATA_BASE_URL,
        wwwBaseUrl: env.SEC_WWW_BASE_URL,
        lookupCik: async (symbol) => (await snapshot.getProfile!(symbol))?.cik ?? null,
        lookupSplits: async (symbol) => ((await snapshot.getSplits!(symbol)) ?? []).map(({ date, ratio }) => ({ date, ratio })),
      }),
    );
  } else {
    options.logger.warn('MARKET_PROVIDER=live without SEC_USER_AGENT: SEC EDGAR is off, fundamentals come from the bundled snapshot');
  }
  return providers;
}

/**
 * The bundled snapshot always (it needs no network or keys); with MARKET_PROVIDER=live the
 * vendors in front of it, each capability asked of the first live provider that has it.
 */
export function createMarketDataProviders(env: MarketDataConfig, options: MarketDataOptions): MarketDataProviders {
  const snapshot = createBundledProvider(options.dataDir);
  const liveMode = env.MARKET_PROVIDER === 'live' || options.liveProviders !== undefined;
  const live = !liveMode ? [] : (options.liveProviders ?? createLiveProviders(env, options, snapshot));
  return { snapshot, live };
}

/**
 * The vendor scheduled ingestion reads: Massive when MASSIVE_API_KEY is set (whatever MARKET_PROVIDER says: the store
 * is what every mode reads), else none — the bundled snapshot alone.
 */
export function createIngestVendor(env: MarketDataConfig, options: Pick<MarketDataOptions, 'fetch' | 'liveHttp'>): IngestVendor | null {
  if (!env.MASSIVE_API_KEY) return null;
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  return createMassiveIngestVendor(
    createMassiveClient({ ...(options.liveHttp ?? {}), fetch: fetchImpl, apiKey: env.MASSIVE_API_KEY, baseUrl: env.MASSIVE_BASE_URL }),
  );
}

let secLimiter: RateLimiter | null = null;
/** One token bucket for every EDGAR client of the process (live reads and the filings cycle): ≤ 10 requests a second in all. */
function sharedSecLimiter(): RateLimiter {
  secLimiter ??= createTokenBucket({ perSecond: SEC_MAX_REQUESTS_PER_SECOND });
  return secLimiter;
}

/**
 * The EDGAR client the filings cycle reads, in live mode with SEC_USER_AGENT set; else none (the bundled snapshot's
 * statements alone). It shares the process's EDGAR limiter with the live provider.
 */
export function createConfiguredSecClient(env: MarketDataConfig, options: Pick<MarketDataOptions, 'fetch' | 'liveHttp'>): SecEdgarClient | null {
  if (env.MARKET_PROVIDER !== 'live' || !env.SEC_USER_AGENT) return null;
  return createSecEdgarClient({
    // A large filer's companyfacts runs to 10–20 MB: more than the 5 s a live read waits.
    timeoutMs: 30_000,
    ...(options.liveHttp ?? {}),
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    userAgent: env.SEC_USER_AGENT,
    dataBaseUrl: env.SEC_DATA_BASE_URL,
    wwwBaseUrl: env.SEC_WWW_BASE_URL,
    limiter: sharedSecLimiter(),
  });
}

/**
 * The vendors listings ingestion reads: Massive's reference tickers and per-ticker aggregates when MASSIVE_API_KEY is
 * set, joined with the SEC's ticker→CIK directory when SEC_USER_AGENT is (EDGAR's fair-access limit: ≤ 10 a second).
 */
export function createListingsVendor(env: MarketDataConfig, options: Pick<MarketDataOptions, 'fetch' | 'liveHttp'>): ListingsVendor | null {
  if (!env.MASSIVE_API_KEY) return null;
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const http = options.liveHttp ?? {};
  const sec = env.SEC_USER_AGENT
    ? createSecEdgarClient({
        ...http,
        fetch: fetchImpl,
        userAgent: env.SEC_USER_AGENT,
        dataBaseUrl: env.SEC_DATA_BASE_URL,
        wwwBaseUrl: env.SEC_WWW_BASE_URL,
        limiter: sharedSecLimiter(),
      })
    : null;
  return createMassiveListingsVendor(createMassiveClient({ ...http, fetch: fetchImpl, apiKey: env.MASSIVE_API_KEY, baseUrl: env.MASSIVE_BASE_URL }), sec);
}
