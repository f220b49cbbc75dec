import type { AppContext, Feature } from '../../http/feature.ts';
import { createLedgerService } from './ledger-service.ts';
import type { LedgerService } from './ledger-types.ts';

export type { LedgerService, Hold, TokenAccount, LedgerEntry, Actor, Tier, TierChangeResult, ReconcileReport } from './ledger-types.ts';

export interface TokensFeature {
  feature: Feature;
  /** The ledger other features charge and credit through (passed to them in server/features/index.ts). */
  ledger: LedgerService;
}

/** Token ledger, tiers and allocations: `/api/tokens`, `/api/subscription`, `/api/token-costs`, sweeper and resets. */
export function createTokensFeature(ctx: AppContext): TokensFeature {
  const ledger = createLedgerService(ctx.db, { now: ctx.now });
  const feature: Feature = { name: 'tokens' };
  return { feature, ledger };
}
