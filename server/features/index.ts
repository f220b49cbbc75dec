import type { DataFreshness } from '../../core/market/freshness.ts';
import { createLlmClient } from '../adapters/llm/index.ts';
import type { AppContext, Feature } from '../http/feature.ts';
import { createAccountFeature } from './account/index.ts';
import { createAnalysesFeature } from './analyses/index.ts';
import { createAnalysisExportFeature } from './analysis-export/index.ts';
import { createAnalysisSharesFeature } from './analysis-shares/index.ts';
import { createApiKeysFeature } from './api-keys/index.ts';
import { createAuthFeature } from './auth/index.ts';
import { createBillingFeature } from './billing/index.ts';
import { createCompareFeature } from './compare/index.ts';
import { createCopilotFeature } from './copilot/index.ts';
import { createHealthFeature } from './health/index.ts';
import { createMarketFeature } from './market/index.ts';
import { createSymbolFactsFeature } from './symbol-facts/index.ts';
import { createProfileFeature } from './profile/index.ts';
import { createPublicApiFeature } from './public-api/index.ts';
import { createScreenerFeature } from './screener/index.ts';
import { createScorecardsFeature } from './scorecards/index.ts';
import { createSmartYieldFeature } from './smart-yield/index.ts';
import { createTokensFeature } from './tokens/index.ts';
import { createTrackRecordFeature } from './track-record/index.ts';
import { createWatchlistsFeature } from './watchlists/index.ts';
import { createValuationsFeature } from './valuations/index.ts';

/**
 * The list of features, in the order their middleware and routes are mounted. Each feature folder
 * exposes one `createXFeature(ctx, deps)`; cross-feature needs are wired here, never by imports
 * between feature internals.
 */
export async function createFeatures(ctx: AppContext): Promise<Feature[]> {
  const features: Feature[] = [];
  const describeAll = () => Object.assign({}, ...features.map((f) => f.describe?.() ?? {}));
  // The market feature comes later (it needs the ledger's neighbours mounted first); health reads its freshness lazily.
  let readFreshness: () => DataFreshness | null = () => null;
  // The jobs this process started, as they start: /api/health shows them (a web process: none).
  const startedJobs: string[] = [];
  const checkFeatures = async () => (await Promise.all(features.map((f) => f.checkReady?.() ?? []))).flat();
  features.push(createHealthFeature(ctx, { describeAll, readFreshness: () => readFreshness(), startedJobs, checkFeatures }));
  const profile = createProfileFeature(ctx);
  // tokens.ledger is how other features charge (hold/capture/release) and credit (creditPurchase, changeTier).
  const tokens = createTokensFeature(ctx);
  // Accounts first: its session middleware fills c.get('user') for every later feature.
  const auth = await createAuthFeature(ctx, {
    saveNames: profile.profiles.saveNames,
    onUserCreated: async (userId) => {
      await tokens.ledger.openAccount(userId);
    },
  });
  features.push(auth, profile);
  features.push(tokens.feature);
  // Payments credit and change tiers only through the ledger.
  const billing = await createBillingFeature(ctx, { ledger: tokens.ledger });
  features.push(billing);
  // market.market is the market-data service other features (analyses, copilot) receive as a dependency.
  const market = createMarketFeature(ctx);
  readFreshness = market.readFreshness;
  features.push(market);
  // One language-model client (null offline) for every feature that writes with it.
  const llm = createLlmClient({
    env: ctx.env,
    logger: ctx.logger,
    onCall: (call) => ctx.metrics?.modelCall(call.purpose, call.outcome, call.latencyMs / 1000),
  });
  // Analyses charge through the ledger, read market data through the market service and write notes with the model when there is one.
  const analyses = createAnalysesFeature(ctx, { ledger: tokens.ledger, market: market.market, llm });
  features.push(analyses);
  // Export (PDF, CSV) and share links read stored analyses through the analyses service (owner checks included).
  features.push(createAnalysisExportFeature(ctx, { analyses: analyses.analyses }), createAnalysisSharesFeature(ctx, { analyses: analyses.analyses }));
  // The screener builds its in-process table from the market service; screener.screener is its query service (copilot).
  // It and the scorecards' sector peers share one read of the covered universe (market.universe).
  const screener = createScreenerFeature(ctx, { market: market.market, universe: market.universe, products: market.universeProducts });
  features.push(screener);
  // Free tools on market data: smart yield (a portfolio's dividends) and the fundamentals scorecards.
  features.push(
    createSmartYieldFeature(ctx, { market: market.market }),
    createScorecardsFeature(ctx, { market: market.market, universe: market.universe, products: market.universeProducts }),
  );
  // The DCF studio reads companies through the market service and links saved valuations to DCF analyses.
  features.push(createValuationsFeature(ctx, { market: market.market, analyses: analyses.analyses }));
  // Watchlists read the tier from the ledger, figures from market data, and e-mail alerts with the accounts' mailer.
  features.push(createWatchlistsFeature(ctx, { ledger: tokens.ledger, market: market.market, mailer: auth.mailer }));
  // Compare reads figures through the market service and the user's saved analyses through the analyses service (free).
  // A symbol's catalogue facts, once per data day: the symbol page's key figures and /compare read them.
  const symbolFacts = createSymbolFactsFeature(ctx, { market: market.market });
  features.push(symbolFacts);
  features.push(createCompareFeature(ctx, { market: market.market, analyses: analyses.analyses, symbolFacts: symbolFacts.symbolFacts }));
  // The track record re-scores every analysis's verdicts on newer prices; its backtest re-runs the builders over the snapshot.
  features.push(createTrackRecordFeature(ctx, { market: market.market, analyses: analyses.analyses }));
  // The copilot charges through the ledger; its tools read market data, build analyses as a run does and query the screener (offline without a model).
  features.push(createCopilotFeature(ctx, { ledger: tokens.ledger, market: market.market, analyses: analyses.analyses, screener: screener.screener, llm }));
  // API keys read the owner's tier from the ledger; /api/v1 serves the same services to a key's owner.
  const apiKeys = createApiKeysFeature(ctx, { ledger: tokens.ledger });
  features.push(
    apiKeys,
    createPublicApiFeature(ctx, { apiKeys, market: market.market, analyses: analyses.analyses, screener: screener.screener, ledger: tokens.ledger }),
  );
  // Data rights: the export reads each feature's rows through its store; deletion re-authenticates through the accounts
  // feature, deletes the payment provider's customer through billing, then keeps the ledger and payments pseudonymised.
  features.push(createAccountFeature(ctx, { auth, deleteProviderCustomers: billing.deleteProviderCustomers }));
  for (const f of features) {
    const start = f.start;
    if (start)
      f.start = async () => {
        startedJobs.push(f.name);
        await start.call(f);
      };
  }
  return features;
}
