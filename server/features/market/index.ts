import { type DataFreshness, describeFreshness } from '../../../core/market/freshness.ts';
import {
  createConfiguredSecClient,
  createIngestVendor,
  createListingsVendor,
  createMarketDataProviders,
  createTreasuryClient,
  findBundledDataDir,
  type ListingsVendor,
  type MarketDataOptions,
  type TreasuryClient,
} from '../../adapters/market-data/index.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import { createMarketDataStore } from './market-data-store.ts';
import { createMarketIngest, type IngestVendor, type MarketIngest } from './market-ingest.ts';
import { createMarketCache } from './market-store.ts';
import { createStoredSnapshot } from './stored-snapshot.ts';
import { createReferenceIngest, type ReferenceIngest } from './reference-ingest.ts';
import { createReferenceStore } from './reference-store.ts';
import { createStoredReference } from './stored-reference.ts';
import { createListingsIngest, type ListingsIngest } from './listings-ingest.ts';
import { createListingsStore } from './listings-store.ts';
import { createStoredListings } from './stored-listings.ts';
import { withStoredUniverse } from './stored-universe.ts';
import { createSecFactsStore } from './sec-facts-store.ts';
import { createAppSecIngest, type SecIngest } from './sec-ingest.ts';
import { withStoredFundamentals } from './stored-fundamentals.ts';
import { createMarketHandlers } from './market.handlers.ts';
import { dividendsRoute, etfRoute, freshnessRoute, fundamentalsRoute, historyRoute, profileRoute, quoteRoute, searchRoute } from './market.routes.ts';
import { createMarketJobs } from './market-jobs.ts';
import { createMarketService, createQualityReportReader, type MarketService } from './market-service.ts';
import { createUniverseRead, type UniverseRead } from './universe-read.ts';
import { buildUniverseOnWorker, createUniverseProductsSource, type UniverseProductsSource } from './universe-products.ts';

export type { MarketService, WithServed } from './market-service.ts';
export { createSnapshotMarketService } from './market-service.ts';
export { type BackfillOutcome, backfillSecArchive } from './sec-backfill.ts';
export type { CoveredListing } from '../../adapters/market-data/index.ts';
export type { SnapshotCompany } from '../../adapters/market-data/index.ts';
export type * from '../../../core/market/types.ts';
export { createUniverseRead, mapYielding, orNull, type UniverseEntry, type UniverseRead } from './universe-read.ts';
export type { UniverseProducts, UniverseProductsSource } from './universe-products.ts';
// Other features' contracts embed a quote as the market API serves it; the public API serves market data with the app's contracts.
export { FreshnessSchema, FundamentalsQuerySchema, FundamentalsSchema, HistorySchema, QuoteSchema } from './market.routes.ts';

export { createReferenceStore, type ReferenceStore } from './reference-store.ts';
export { REFERENCE_ADMIN_COMMANDS, referenceAdminUsage, runReferenceAdminCommand } from './reference-admin.ts';

/** Where the app serves data/QUALITY.md. */
export const QUALITY_REPORT_PATH = '/data/quality.md';

export interface MarketFeature extends Feature {
  /** What other features (analyses, copilot, screener) use for market data; passed to them in server/features/index.ts. */
  market: MarketService;
  /** The covered universe read once and shared (the screener's table, the scorecards' sector peers). */
  universe: UniverseRead;
  /**
   * The whole stored market's screener rows, sector peers and sector table computed in a worker process (PostgreSQL,
   * UNIVERSE_WORKER); null where this process computes them from `universe`.
   */
  universeProducts: UniverseProductsSource | null;
  /** How current the served prices are now (the banner, /api/health). */
  readFreshness: () => DataFreshness;
  /** Scheduled ingestion into the market-data store; null without a vendor (the bundled snapshot alone). */
  ingest: MarketIngest | null;
  /** The risk-free rate from the US Treasury (public domain, no key: always on). */
  referenceIngest: ReferenceIngest;
  /** Listings with identifiers and the price backfill of new listings; null without a vendor. */
  listings: ListingsIngest | null;
  /** EDGAR's new filings into the store (live mode with SEC_USER_AGENT); null otherwise. */
  secIngest: SecIngest | null;
}

interface MarketFeatureDeps extends Pick<MarketDataOptions, 'fetch' | 'liveProviders' | 'liveHttp'> {
  /** Directory of the bundled snapshot (default `<app root>/data`, or `dist/data` in a build without the sources). */
  dataDir?: string;
  /** The vendor ingestion reads (built from config when absent; tests pass one pointed at a local server). */
  ingestVendor?: IngestVendor | null;
  /** The Treasury client the risk-free ingestion reads (built from TREASURY_BASE_URL when absent). */
  treasury?: TreasuryClient;
  /** The vendor listings ingestion reads (built from config when absent). */
  listingsVendor?: ListingsVendor | null;
  /** The floor of a whole active listings answer (tests with a small market lower it). */
  minActiveListings?: number;
  /** The EDGAR client the filings cycle reads (built from config when absent; tests pass one pointed at a local server). */
  secClient?: Parameters<typeof createAppSecIngest>[0]['client'];
  /**
   * Where a stored market's universe is computed: `worker` (default with PostgreSQL, a `DATABASE_URL` and
   * UNIVERSE_WORKER) or `in-process` (PGlite, and the universe worker's own composition).
   */
  universeBuild?: 'worker' | 'in-process';
}

/** `/api/market/*`: search, quotes, history, fundamentals, profiles, ETF info, dividends; all for signed-in users. */
export function createMarketFeature(ctx: AppContext, deps: MarketFeatureDeps = {}): MarketFeature {
  const dataDir = deps.dataDir ?? findBundledDataDir(ctx.appRoot);
  const { snapshot: bundled, live } = createMarketDataProviders(ctx.env, { ...deps, dataDir, logger: ctx.logger, now: () => ctx.now().getTime() });
  // Every read goes through the store: the snapshot continued by the days ingestion has added since.
  const store = createMarketDataStore(ctx.db);
  const secStore = createSecFactsStore(ctx.db);
  const listingsStore = createListingsStore(ctx.db);
  // Existence only (one indexed query, no document parsed): asked per search hit and, in live mode, per statements read.
  const hasStoredStatements = async (symbol: string) => (await secStore.readStatementSymbols([symbol])).has(symbol);
  // The snapshot continued by the store: days after it, statements filed after it, and listings it lacks.
  const storedListings = createStoredListings(withStoredFundamentals(createStoredSnapshot(bundled, store, ctx.now), secStore, ctx.now), {
    listings: listingsStore,
    market: store,
    now: ctx.now,
    hasStoredFundamentals: hasStoredStatements,
  });
  // The universe (screener, sector peers, the per-day sector table) over the stored market too: stored-universe.ts.
  const databaseUrl = ctx.db.kind === 'postgres' ? ctx.env.DATABASE_URL : undefined;
  const universeBuild = deps.universeBuild ?? (databaseUrl && ctx.env.UNIVERSE_WORKER ? 'worker' : 'in-process');
  // Set below, once the market service it keys by exists; the sector table reads it lazily.
  let universeProducts: UniverseProductsSource | null = null;
  const snapshot = withStoredUniverse(storedListings, {
    listings: listingsStore,
    market: store,
    sec: secStore,
    now: ctx.now,
    readBuiltSectorTable: async () => (await universeProducts?.read()) ?? null,
  });
  // ETF facts and the risk-free/ERP pair: the snapshot's, continued by the store (stored-reference.ts).
  const referenceStore = createReferenceStore(ctx.db);
  const reference = createStoredReference(snapshot, referenceStore, ctx.now);
  const cache = live.length > 0 ? createMarketCache(ctx.db, ctx.now) : null;
  const market = createMarketService({
    bundled: reference.provider,
    live,
    cache,
    logger: ctx.logger,
    readCapmPair: reference.readCapmPair,
    readStoredUniverse: snapshot.readStoredUniverse,
    readUniverseVersion: snapshot.readUniverseVersion,
    hasStoredStatements,
  });
  if (universeBuild === 'worker' && databaseUrl) {
    universeProducts = createUniverseProductsSource({
      readStoredKey: snapshot.readUniverseKey,
      readUniverseDay: () => market.universeDay?.() ?? market.dataAsOf(),
      build: () => buildUniverseOnWorker({ env: ctx.env, databaseUrl, appRoot: ctx.appRoot, dataDir, nowIso: ctx.now().toISOString() }),
      logger: ctx.logger,
      now: ctx.now,
    });
  }
  const treasury = deps.treasury ?? createTreasuryClient({ fetch: deps.fetch ?? ((url, init) => fetch(url, init)), baseUrl: ctx.env.TREASURY_BASE_URL });
  const referenceIngest = createReferenceIngest({ store: referenceStore, treasury, now: ctx.now, logger: ctx.logger, onNewRate: reference.refresh });
  const ingestVendor = deps.ingestVendor !== undefined ? deps.ingestVendor : createIngestVendor(ctx.env, deps);
  const ingest = ingestVendor
    ? createMarketIngest({ store, vendor: ingestVendor, snapshot: bundled, now: ctx.now, logger: ctx.logger, onNewDataDay: snapshot.refreshDataDay })
    : null;
  const listingsVendor = deps.listingsVendor !== undefined ? deps.listingsVendor : createListingsVendor(ctx.env, deps);
  const listings = listingsVendor
    ? createListingsIngest({
        store: listingsStore,
        vendor: listingsVendor,
        snapshot: bundled,
        readNewestPricesDay: () => store.readNewestDay('prices'),
        now: ctx.now,
        logger: ctx.logger,
        onListingsChanged: snapshot.refreshListings,
        minActiveListings: deps.minActiveListings,
      })
    : null;
  const secClient = deps.secClient !== undefined ? deps.secClient : createConfiguredSecClient(ctx.env, deps);
  const secIngest = createAppSecIngest({
    client: secClient,
    store: secStore,
    // The listings without the stored universe: the filers' list must not load every stored company's bars.
    snapshot: storedListings,
    bundled,
    now: ctx.now,
    logger: ctx.logger,
    onNewStatements: snapshot.refreshDataDay,
    // Every listed stock with a CIK files with the SEC: new listings' statements come the same way as the snapshot's.
    listMoreFilers: async () =>
      (await listingsStore.readListings())
        .filter((l) => l.active && l.type === 'stock' && l.cik)
        .map((l) => ({ symbol: l.symbol, cik: l.cik!.padStart(10, '0') })),
  });
  const readFreshness = () => describeFreshness({ asOf: market.pricesAsOf(), nowMs: ctx.now().getTime(), source: market.mode });
  const handlers = createMarketHandlers(market, createQualityReportReader(dataDir), readFreshness);
  const riskFreeOn = ctx.env.RISK_FREE_INGEST ?? ctx.env.NODE_ENV !== 'test';
  const jobs = createMarketJobs({
    snapshot: reference.provider,
    cache,
    ingest,
    referenceIngest: riskFreeOn ? referenceIngest : null,
    listings,
    secIngest,
    now: ctx.now,
    logger: ctx.logger,
    metrics: ctx.metrics,
  });
  ctx.metrics?.watchMarketDataAge(() => {
    const f = readFreshness();
    return { ageDays: f.age_days, lagTradingDays: f.lag_trading_days };
  });

  return {
    name: 'market',
    market,
    // Two features read it once per data day: the screener (its table) and the scorecards (sector peers).
    universe: createUniverseRead(market, ctx.now, { readers: 2 }),
    universeProducts,
    readFreshness,
    ingest,
    referenceIngest,
    listings,
    secIngest,
    // Dataset dates travel as `data_as_of.<dataset>` keys; /api/health gathers them into one object.
    describe: () => {
      const datasets = Object.entries(market.datasetsAsOf() ?? {}).flatMap(([d, day]) => (day ? [[`data_as_of.${d}`, day]] : []));
      return { market: market.mode, data_as_of: market.dataAsOf(), ...Object.fromEntries(datasets) };
    },
    // A symbol page's head names the company ("AAPL (Apple Inc.) technical analysis"); an unknown symbol keeps the plain title.
    describePage: async ({ params }) => {
      if (!params.symbol) return null;
      const profile = await market.getProfile(await market.resolveSymbol(params.symbol)).catch(() => null);
      return profile?.name ? { companyName: profile.name } : null;
    },
    // Every analysis, quote and screen reads the bundled snapshot (the fallback of a live vendor too).
    checkReady: async () => [
      await snapshot.preload().then(
        () => ({ part: 'market data', ok: true, detail: `bundled snapshot as of ${market.dataAsOf()}` }),
        (err: Error) => ({ part: 'market data', ok: false, detail: err.message }),
      ),
    ],
    // Load the snapshot in the background (every role reads it); purging old cache entries is a job.
    warm: jobs.warm,
    start: jobs.start,
    async stop() {
      await Promise.all([jobs.stop(), universeProducts?.close()]);
    },
    routes(app) {
      app.openapi(searchRoute, handlers.search);
      app.openapi(quoteRoute, handlers.getQuote);
      app.openapi(historyRoute, handlers.getHistory);
      app.openapi(fundamentalsRoute, handlers.getFundamentals);
      app.openapi(profileRoute, handlers.getProfile);
      app.openapi(etfRoute, handlers.getEtf);
      app.openapi(dividendsRoute, handlers.getDividends);
      app.openapi(freshnessRoute, handlers.getFreshness);
      // The data quality report written by data:prepare, linked from /about: public, like the page.
      app.get(QUALITY_REPORT_PATH, handlers.getQualityReport);
    },
  };
}
