import { apiFetch } from '../../../lib/api.ts';

// Types and plain fetchers the app shell needs (SubscriptionProvider). Kept apart from the TanStack Query
// hooks in tokens-api.ts: a module shared by the shell and a page chunk is bundled whole into the shell.
export type Tier = 'Free' | 'Basic' | 'Pro';

/** `GET /api/tokens`: the user_tokens row of SPEC §3 plus the buckets (tokens with ≤ 3 decimals). */
export interface TokenAccountResponse {
  user_id: string;
  token_balance: number | null;
  remaining_tokens: number | null;
  subscription_tier: Tier;
  next_reset_date: string | null;
  actual_billing_period_end: string | null;
  last_tier_change: string | null;
  previous_tier: Tier | null;
  proration_factor: number | null;
  allocation: number;
  purchased: number;
  held: number;
  pending_tier: Tier | null;
  monthly_allocation: number;
}

/** `GET /api/subscription`: the subscription check. */
export interface SubscriptionResponse {
  subscribed: boolean;
  subscription_tier: Tier;
  subscription_end: string | null;
  tokens: number;
}

/** `GET /api/token-costs`: the usage guide. */
export interface TokenCostsResponse {
  costs: Array<{ action: string; name: string; tokens: number; cost_mt: number }>;
  analysis_estimate: number;
}

export interface TokenUsageResponse {
  days: Array<{ date: string; used: number; count: number }>;
  total_used: number;
}

export interface TokenLedgerResponse {
  entries: Array<{
    id: number;
    reason: string;
    change: number;
    balance_after: number;
    created_at: string;
    plan_change?: { from: Tier; to: Tier; applied: 'now' | 'at-period-end' | 'none' };
  }>;
}

export const tokenQueryKeys = {
  subscription: (userId: string | null) => ['subscription', userId] as const,
  account: (userId: string | null) => ['tokens', userId] as const,
  usage: (userId: string | null, days: number) => ['tokens', userId, 'usage', days] as const,
  ledger: (userId: string | null) => ['tokens', userId, 'ledger'] as const,
  costs: ['token-costs'] as const,
};

export const fetchSubscription = (signal?: AbortSignal) => apiFetch<SubscriptionResponse>('/api/subscription', { signal });
export const fetchTokenAccount = (signal?: AbortSignal) => apiFetch<TokenAccountResponse>('/api/tokens', { signal });
