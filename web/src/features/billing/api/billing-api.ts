import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export type Tier = 'Free' | 'Basic' | 'Pro';
export type ProviderKind = 'sandbox' | 'stripe';

export interface PlanInfo {
  id: 'free' | 'basic' | 'pro';
  tier: Tier;
  name: string;
  price_cents: number;
  monthly_tokens: number;
  features: string[];
}

export interface PlansResponse {
  plans: PlanInfo[];
  provider: { kind: ProviderKind; name: string };
}

export interface TokenPackageInfo {
  id: string;
  name: string;
  tokens: number;
  price_cents: number;
  popular: boolean;
  analyses: number;
}

export interface TokenPackagesResponse {
  packages: TokenPackageInfo[];
  token_price_cents: number;
  min_tokens: number;
  max_tokens: number;
}

export interface BillingSubscription {
  provider: ProviderKind;
  status: string | null;
  tier: Tier;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
  has_billing_account: boolean;
}

export const billingKeys = {
  plans: ['billing', 'plans'] as const,
  packages: ['billing', 'token-packages'] as const,
  subscription: (userId: string | null) => ['billing', 'subscription', userId] as const,
};

/** Plans and the active provider (sandbox or Stripe); public. */
export const useBillingPlans = () =>
  useQuery({ queryKey: billingKeys.plans, queryFn: ({ signal }) => apiFetch<PlansResponse>('/api/billing/plans', { signal }), staleTime: 5 * 60_000 });

/** The one server list of token packages. */
export const useTokenPackages = () =>
  useQuery({ queryKey: billingKeys.packages, queryFn: ({ signal }) => apiFetch<TokenPackagesResponse>('/api/billing/token-packages', { signal }), staleTime: 5 * 60_000 });

/** The provider's view of the signed-in user's subscription (cancel at period end, period end). */
export const useBillingSubscription = (userId: string | null) =>
  useQuery({
    queryKey: billingKeys.subscription(userId),
    queryFn: ({ signal }) => apiFetch<BillingSubscription>('/api/billing/subscription', { signal }),
    enabled: Boolean(userId),
  });

export const createCheckout = (plan: 'basic' | 'pro') => apiFetch<{ url: string; portal?: boolean }>('/api/billing/create-checkout', { method: 'POST', body: { plan } });
export const createPortalSession = () => apiFetch<{ url: string }>('/api/billing/customer-portal', { method: 'POST', body: {} });
export const createTokenTopup = (tokens: number) =>
  apiFetch<{ url: string; session_id: string }>('/api/billing/create-token-topup', { method: 'POST', body: { tokensToPurchase: tokens } });
export const verifyTokenPurchase = (sessionId: string) =>
  apiFetch<{ success: boolean; tokens_added: number }>('/api/billing/verify-token-purchase', { method: 'POST', body: { session_id: sessionId } });
