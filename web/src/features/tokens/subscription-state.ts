import { isTier, monthlyAllocationTokens } from '../../../../core/tokens/tiers.ts';
import type { SubscriptionResponse, Tier } from './api/get-subscription.ts';
import type { TokenAccountResponse } from './api/get-token-account.ts';

export interface SubscriptionValues {
  subscribed: boolean;
  subscriptionTier: Tier;
  /** Available tokens (allocation + purchased − held), fractional, 3 decimals. */
  tokenBalance: number;
  /** Billing-period end: actual_billing_period_end, falling back to next_reset_date. */
  subscriptionEnd: string | null;
  /** The full token row when loaded (buckets, next reset, pending tier), else null. */
  account: TokenAccountResponse | null;
}

const FREE_DEFAULT_TOKENS = monthlyAllocationTokens.Free;

/** SPEC §4: Free with 10 tokens when signed out, on error, or before loading. */
export const defaultSubscriptionValues: SubscriptionValues = {
  subscribed: false,
  subscriptionTier: 'Free',
  tokenBalance: FREE_DEFAULT_TOKENS,
  subscriptionEnd: null,
  account: null,
};

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * SPEC §4 from the two answers: the subscription check, then the token row. Balance is token_balance →
 * remaining_tokens → 10; billing end is actual_billing_period_end → next_reset_date. Any failure → defaults.
 */
export function deriveSubscriptionValues(input: {
  subscription?: SubscriptionResponse | null;
  account?: TokenAccountResponse | null;
  failed?: boolean;
}): SubscriptionValues {
  if (input.failed) return defaultSubscriptionValues;
  const { subscription, account } = input;
  if (!subscription && !account) return defaultSubscriptionValues;
  const tierFrom = (v: unknown): Tier | undefined => (isTier(v) ? v : undefined);
  // The token row is refreshed every 30 s, so it is the fresher source of the tier once loaded.
  const subscriptionTier = tierFrom(account?.subscription_tier) ?? tierFrom(subscription?.subscription_tier) ?? 'Free';
  const tokenBalance = account
    ? isNumber(account.token_balance)
      ? account.token_balance
      : isNumber(account.remaining_tokens)
        ? account.remaining_tokens
        : FREE_DEFAULT_TOKENS
    : isNumber(subscription?.tokens)
      ? subscription.tokens
      : FREE_DEFAULT_TOKENS;
  const subscriptionEnd = account ? (account.actual_billing_period_end ?? account.next_reset_date ?? null) : (subscription?.subscription_end ?? null);
  return {
    subscribed: subscriptionTier !== 'Free',
    subscriptionTier,
    tokenBalance,
    subscriptionEnd,
    account: account ?? null,
  };
}
