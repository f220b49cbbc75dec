import type { Logger } from '../../lib/logger.ts';
import { createBundledProvider } from './bundled/index.ts';
import type { FetchJsonOptions } from './http.ts';
import { createSecEdgarProvider } from './sec-edgar/index.ts';
import type { FetchLike, MarketDataProvider, SnapshotProvider } from './types.ts';
import { createYahooProvider } from './yahoo/index.ts';

export type { Capability, CoveredListing, FetchLike, MarketDataProvider, SnapshotCompany, SnapshotProvider } from './types.ts';
export type { FetchJsonOptions } from './http.ts';
export { findBundledDataDir } from './bundled/data-dir.ts';

interface MarketDataConfig {
  MARKET_PROVIDER: 'bundled' | 'live';
  SEC_USER_AGENT?: string;
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
}

interface MarketDataProviders {
  /** The bundled snapshot: every listing, search, and the last fallback. */
  snapshot: SnapshotProvider;
  /** Live providers in order of preference; empty in bundled mode. */
  live: MarketDataProvider[];
}

/** Yahoo's chart API for prices; SEC EDGAR for statements and profiles when a contact User-Agent is configured. */
function createLiveProviders(env: MarketDataConfig, options: MarketDataOptions, snapshot: SnapshotProvider): MarketDataProvider[] {
  const http = options.liveHttp ?? {};
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const providers: MarketDataProvider[] = [createYahooProvider({ ...http, fetch: fetchImpl })];
  if (env.SEC_USER_AGENT) {
    providers.push(
      createSecEdgarProvider({
        ...http,
        fetch: fetchImpl,
        userAgent: env.SEC_USER_AGENT,
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
