import {
  MAX_TOPUP_TOKENS,
  MIN_TOPUP_TOKENS,
  monthlyAllocationTokens,
  TOKEN_PRICE_CENTS,
  type Tier,
  type TierId,
  tierPlans,
  tokenPackages,
} from '../../../core/tokens/index.ts';
import type { PaymentProvider } from '../../adapters/payments/index.ts';

interface PlanView {
  id: TierId;
  tier: Tier;
  name: string;
  price_cents: number;
  monthly_tokens: number;
  features: string[];
}

const planFeatures: Record<Tier, string[]> = {
  // Only what works today (web/src/components/marketing/live-copy.test.ts fails on "coming" about a live tool).
  Free: [
    `${monthlyAllocationTokens.Free} tokens every month`,
    'All six analyses and the AI copilot, paid per use',
    'Screener, watchlists, DCF studio and Smart Yield',
  ],
  Basic: [`${monthlyAllocationTokens.Basic} tokens every month`, 'Everything in Free', 'Buy extra tokens when you run low', 'Email support'],
  Pro: [`${monthlyAllocationTokens.Pro} tokens every month`, 'Everything in Basic', 'Public API access with API keys', 'Priority support'],
};

export function describePlans(provider: PaymentProvider): { plans: PlanView[]; provider: { kind: 'sandbox' | 'stripe'; name: string } } {
  const plans = tierPlans.map((p) => ({
    id: p.id,
    tier: p.tier,
    name: p.name,
    price_cents: p.priceCents,
    monthly_tokens: p.monthlyTokens,
    features: planFeatures[p.tier],
  }));
  return { plans, provider: { kind: provider.kind, name: provider.displayName } };
}

export function describeTokenPackages() {
  return {
    packages: tokenPackages.map((p) => ({ id: p.id, name: p.name, tokens: p.tokens, price_cents: p.priceCents, popular: p.popular, analyses: p.analyses })),
    token_price_cents: TOKEN_PRICE_CENTS,
    min_tokens: MIN_TOPUP_TOKENS,
    max_tokens: MAX_TOPUP_TOKENS,
  };
}
