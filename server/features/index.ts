import type { AppContext, Feature } from '../http/feature.ts';
import { createAnalysesFeature } from './analyses/index.ts';
import { createAuthFeature } from './auth/index.ts';
import { createBillingFeature } from './billing/index.ts';
import { createHealthFeature } from './health/index.ts';
import { createMarketFeature } from './market/index.ts';
import { createProfileFeature } from './profile/index.ts';
import { createTokensFeature } from './tokens/index.ts';

/**
 * The list of features, in the order their middleware and routes are mounted. Each feature folder
 * exposes one `createXFeature(ctx, deps)`; cross-feature needs are wired here, never by imports
 * between feature internals.
 */
export async function createFeatures(ctx: AppContext): Promise<Feature[]> {
  const features: Feature[] = [];
  const describeAll = () => Object.assign({}, ...features.map((f) => f.describe?.() ?? {}));
  features.push(createHealthFeature(ctx, describeAll));
  const profile = createProfileFeature(ctx);
  // tokens.ledger is how other features charge (hold/capture/release) and credit (creditPurchase, changeTier).
  const tokens = createTokensFeature(ctx);
  // Accounts first: its session middleware fills c.get('user') for every later feature.
  features.push(
    await createAuthFeature(ctx, {
      saveNames: profile.profiles.saveNames,
      onUserCreated: async (userId) => {
        await tokens.ledger.openAccount(userId);
      },
    }),
    profile,
  );
  features.push(tokens.feature);
  // Payments credit and change tiers only through the ledger.
  features.push(await createBillingFeature(ctx, { ledger: tokens.ledger }));
  // market.market is the market-data service other features (analyses, copilot) receive as a dependency.
  const market = createMarketFeature(ctx);
  features.push(market);
  // Analyses charge through the ledger and read market data through the market service.
  features.push(createAnalysesFeature(ctx, { ledger: tokens.ledger, market: market.market }));
  return features;
}
