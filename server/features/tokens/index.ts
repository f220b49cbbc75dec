import { ANALYSIS_ESTIMATE_MT, convertMtToTokens, isTier, monthlyAllocationMt, tokenCosts } from '../../../core/tokens/index.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import { requireUser } from '../../http/openapi.ts';
import { createLedgerService } from './ledger-service.ts';
import type { LedgerService, TokenAccount } from './ledger-types.ts';
import { getSubscriptionRoute, getTokenCostsRoute, getTokenLedgerRoute, getTokensRoute, getTokenUsageRoute } from './tokens.routes.ts';

export { createLedgerService, DEFAULT_HOLD_TTL_MS, type LedgerServiceOptions } from './ledger-service.ts';
export { adminUsage, runAdminCommand } from './admin-commands.ts';
export type { LedgerService, Hold, TokenAccount, LedgerEntry, Actor, Tier, TierChangeResult, ReconcileReport } from './ledger-types.ts';

export interface TokensFeature {
  feature: Feature;
  /** The ledger other features charge and credit through (passed to them in server/features/index.ts). */
  ledger: LedgerService;
}

/** Sweeper and reset check period. Holds live minutes, resets are monthly: 30 s is prompt enough for both. */
export const TOKENS_JOB_INTERVAL_MS = 30_000;

const applications = ['now', 'at-period-end', 'none'] as const;

/** A tier_change entry's plan change, from the meta the ledger wrote; undefined for a shape it never wrote. */
export function readPlanChange(meta: Record<string, unknown> | null) {
  const { from, to, applied } = (meta ?? {}) as { from?: unknown; to?: unknown; applied?: unknown };
  if (!isTier(from) || !isTier(to) || !applications.includes(applied as never)) return undefined;
  return { from, to, applied: applied as (typeof applications)[number] };
}

/** The SPEC §3 row plus the buckets (DESIGN §5), tokens with ≤ 3 decimals. */
export function toTokenAccountBody(a: TokenAccount) {
  return {
    user_id: a.userId,
    token_balance: convertMtToTokens(a.availableMt),
    remaining_tokens: convertMtToTokens(a.allocationMt),
    subscription_tier: a.tier,
    next_reset_date: a.nextResetDate,
    actual_billing_period_end: a.actualBillingPeriodEnd,
    last_tier_change: a.lastTierChange,
    previous_tier: a.previousTier,
    proration_factor: a.prorationFactor,
    allocation: convertMtToTokens(a.allocationMt + a.heldAllocationMt),
    purchased: convertMtToTokens(a.purchasedMt + a.heldPurchasedMt),
    held: convertMtToTokens(a.heldAllocationMt + a.heldPurchasedMt),
    pending_tier: a.pendingTier,
    monthly_allocation: convertMtToTokens(monthlyAllocationMt[a.tier]),
  };
}

/** Token ledger, tiers and allocations: `/api/tokens`, `/api/subscription`, `/api/token-costs`, sweeper and resets. */
export function createTokensFeature(ctx: AppContext): TokensFeature {
  const ledger = createLedgerService(ctx.db, { now: ctx.now });
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;

  /** One tick of scheduled work; each unit is done once across processes by conditional updates. */
  const runJobs = async () => {
    try {
      const expired = await ledger.expireStaleHolds();
      const reset = await ledger.runMonthlyResets();
      if (expired || reset) ctx.logger.info({ expired, reset }, 'tokens: expired stale holds / ran monthly resets');
    } catch (e) {
      ctx.logger.error({ err: e }, 'tokens: scheduled work failed');
    }
  };
  const tick = () => {
    if (running) return;
    running = runJobs().finally(() => {
      running = undefined;
    });
  };

  const feature: Feature = {
    name: 'tokens',
    routes(app) {
      app.openapi(getTokensRoute, async (c) => {
        const user = requireUser(c);
        return c.json(toTokenAccountBody(await ledger.getAccount(user.id)), 200);
      });
      app.openapi(getSubscriptionRoute, async (c) => {
        const user = requireUser(c);
        const a = await ledger.getAccount(user.id);
        const subscribed = a.tier !== 'Free';
        return c.json(
          {
            subscribed,
            subscription_tier: a.tier,
            subscription_end: subscribed ? (a.actualBillingPeriodEnd ?? a.nextResetDate) : null,
            tokens: convertMtToTokens(a.availableMt),
          },
          200,
        );
      });
      app.openapi(getTokenCostsRoute, (c) =>
        c.json(
          {
            costs: tokenCosts.map((t) => ({ action: t.action, name: t.name, tokens: convertMtToTokens(t.costMt), cost_mt: t.costMt })),
            analysis_estimate: convertMtToTokens(ANALYSIS_ESTIMATE_MT),
          },
          200,
        ),
      );
      app.openapi(getTokenUsageRoute, async (c) => {
        const user = requireUser(c);
        const { days } = c.req.valid('query');
        const usage = await ledger.getDailyUsage(user.id, days);
        const totalMt = usage.reduce((s, d) => s + d.usedMt, 0);
        return c.json({ days: usage.map((d) => ({ date: d.date, used: convertMtToTokens(d.usedMt), count: d.count })), total_used: convertMtToTokens(totalMt) }, 200);
      });
      app.openapi(getTokenLedgerRoute, async (c) => {
        const user = requireUser(c);
        const { limit } = c.req.valid('query');
        const entries = await ledger.listEntries(user.id, { limit });
        return c.json(
          {
            entries: entries.map((e) => ({
              id: e.id,
              reason: e.reason,
              change: convertMtToTokens(e.balanceAfterMt - e.balanceBeforeMt),
              balance_after: convertMtToTokens(e.balanceAfterMt),
              created_at: e.createdAt,
              ...(e.reason === 'tier_change' ? { plan_change: readPlanChange(e.meta) } : {}),
            })),
          },
          200,
        );
      });
    },
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, TOKENS_JOB_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return { feature, ledger };
}
