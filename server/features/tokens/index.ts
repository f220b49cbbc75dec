import type { AppContext, Feature } from '../../http/feature.ts';
import { createTokensJobs } from './tokens-jobs.ts';
import { createTokensHandlers } from './tokens.handlers.ts';
import { getSubscriptionRoute, getTokenCostsRoute, getTokenLedgerRoute, getTokensRoute, getTokenUsageRoute } from './tokens.routes.ts';

import { createTokensService, type TokensService } from './tokens-service.ts';

// `createLedgerService` is the name other features' tests and kits build a ledger by.
export { createTokensService as createLedgerService } from './tokens-service.ts';
export { DEFAULT_CHARGE_TIMEOUT_MS } from './charge-for.ts';
export { adminUsage, runAdminCommand } from './tokens-admin-store.ts';
// The public API's balance is the subscription check's answer.
export { toSubscriptionBody } from './tokens.handlers.ts';
// Paid rows of other features are visible only once their hold was captured: the rule's one SQL.
export { servedOnlyOnceCaptured } from './tokens-holds-store.ts';
export { SubscriptionSchema } from './tokens.routes.ts';
// The account feature's export and deletion (data rights): the ledger read, and moved to a pseudonymous id.
export { readTokensForExport } from './tokens-reports-store.ts';
export { moveTokensToPseudonym } from './tokens-accounts-store.ts';
export type { LedgerService, Hold, Tier } from './ledger-types.ts';

interface TokensFeature {
  feature: Feature;
  /** The ledger other features charge and credit through (passed to them in server/features/index.ts). */
  ledger: TokensService;
}

/** Token ledger, tiers and allocations: `/api/tokens`, `/api/subscription`, `/api/token-costs`, sweeper and resets. */
export function createTokensFeature(ctx: AppContext): TokensFeature {
  const ledger = createTokensService(ctx.db, { now: ctx.now, logger: ctx.logger, metrics: ctx.metrics?.ledger });
  const handlers = createTokensHandlers(ledger);
  const jobs = createTokensJobs(ledger, ctx.logger, ctx.metrics);
  const feature: Feature = {
    name: 'tokens',
    routes(app) {
      app.openapi(getTokensRoute, handlers.getTokens);
      app.openapi(getSubscriptionRoute, handlers.getSubscription);
      app.openapi(getTokenCostsRoute, handlers.getTokenCosts);
      app.openapi(getTokenUsageRoute, handlers.getTokenUsage);
      app.openapi(getTokenLedgerRoute, handlers.getTokenLedger);
    },
    start: jobs.start,
    stop: jobs.stop,
  };
  return { feature, ledger };
}
