import { ANALYSIS_ESTIMATE_MT, convertMtToTokens, isTier, monthlyAllocationMt, tokenCosts } from '../../../core/tokens/index.ts';
import { requireUser } from '../../http/openapi.ts';
import { respondJsonText, toJsonText } from '../../http/json-text.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { TokenAccount } from './ledger-types.ts';
import type { TokensService } from './tokens-service.ts';
import type { getSubscriptionRoute, getTokenCostsRoute, getTokenLedgerRoute, getTokensRoute, getTokenUsageRoute, TokenCostsResponse } from './tokens.routes.ts';

const applications = ['now', 'at-period-end', 'none'] as const;

/** A tier_change entry's plan change, from the meta the ledger wrote; undefined for a shape it never wrote. */
function readPlanChange(meta: Record<string, unknown> | null) {
  const { from, to, applied } = (meta ?? {}) as { from?: unknown; to?: unknown; applied?: unknown };
  if (!isTier(from) || !isTier(to) || !applications.includes(applied as never)) return undefined;
  return { from, to, applied: applied as (typeof applications)[number] };
}

/** A hold entry's analysis (the analyses feature puts kind, symbol and subtype in the hold's meta); undefined otherwise. */
function readAnalysis(meta: Record<string, unknown> | null) {
  const { kind, symbol, subtype } = (meta ?? {}) as { kind?: unknown; symbol?: unknown; subtype?: unknown };
  if (typeof kind !== 'string' || typeof symbol !== 'string') return undefined;
  return { kind, symbol, subtype: typeof subtype === 'string' ? subtype : null };
}

/** A copilot answer's hold carries its conversation (copilot-service), so the ledger names the copilot, not an analysis. */
function readCopilot(meta: Record<string, unknown> | null) {
  const { conversation_id } = (meta ?? {}) as { conversation_id?: unknown };
  return typeof conversation_id === 'string' ? { conversation_id } : undefined;
}

/** The SPEC §3 row plus the buckets (DESIGN §5), tokens with ≤ 3 decimals. */
function toTokenAccountBody(a: TokenAccount) {
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

/** The subscription check's answer (SPEC §7): tier, period end and available tokens; also the public API's balance. */
export function toSubscriptionBody(a: TokenAccount) {
  const subscribed = a.tier !== 'Free';
  return {
    subscribed,
    subscription_tier: a.tier,
    subscription_end: subscribed ? (a.actualBillingPeriodEnd ?? a.nextResetDate) : null,
    tokens: convertMtToTokens(a.availableMt),
  };
}

/** The price list is the same for every caller until the next deploy: serialized once, not per request. */
const tokenCostsJson = toJsonText<TokenCostsResponse>({
  costs: tokenCosts.map((t) => ({ action: t.action, name: t.name, tokens: convertMtToTokens(t.costMt), cost_mt: t.costMt })),
  analysis_estimate: convertMtToTokens(ANALYSIS_ESTIMATE_MT),
});

const getTokenCosts: AppRouteHandler<typeof getTokenCostsRoute> = (c) => respondJsonText(c, tokenCostsJson, 200);

export function createTokensHandlers(ledger: TokensService) {
  const getTokens: AppRouteHandler<typeof getTokensRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(toTokenAccountBody(await ledger.getAccount(user.id)), 200);
  };

  const getSubscription: AppRouteHandler<typeof getSubscriptionRoute> = async (c) => {
    return c.json(toSubscriptionBody(await ledger.getAccount(requireUser(c).id)), 200);
  };

  const getTokenUsage: AppRouteHandler<typeof getTokenUsageRoute> = async (c) => {
    const user = requireUser(c);
    const { days } = c.req.valid('query');
    const usage = await ledger.getDailyUsage(user.id, days);
    const totalMt = usage.reduce((s, d) => s + d.usedMt, 0);
    return c.json(
      { days: usage.map((d) => ({ date: d.date, used: convertMtToTokens(d.usedMt), count: d.count })), total_used: convertMtToTokens(totalMt) },
      200,
    );
  };

  const getTokenLedger: AppRouteHandler<typeof getTokenLedgerRoute> = async (c) => {
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
          ...(e.reason === 'hold' && readAnalysis(e.meta) ? { analysis: readAnalysis(e.meta) } : {}),
          ...(e.reason === 'hold' && readCopilot(e.meta) ? { copilot: readCopilot(e.meta) } : {}),
        })),
      },
      200,
    );
  };

  return { getTokens, getSubscription, getTokenUsage, getTokenLedger, getTokenCosts };
}
