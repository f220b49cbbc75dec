import { computeRemainingAnalyses, MT_PER_TOKEN } from './units.ts';
import { monthlyAllocationMt, type Tier } from './tiers.ts';

/** $0.50 per token (SPEC §9). */
export const TOKEN_PRICE_CENTS = 50;
export const MIN_TOPUP_TOKENS = 20;
export const MAX_TOPUP_TOKENS = 10_000;
/** Top-up is offered only while the balance is below this many tokens (SPEC §5). */
export const TOPUP_BALANCE_LIMIT_MT = 5_000;

export interface Plan {
  /** Lower-case id used by `POST /api/billing/create-checkout {plan}`. */
  id: 'basic' | 'pro';
  tier: Exclude<Tier, 'Free'>;
  name: string;
  priceCents: number;
  monthlyTokens: number;
  monthlyAllocationMt: number;
}

/** Paid plans: Basic $9.99, Pro $29.99 a month. */
export const plans: readonly Plan[] = [
  { id: 'basic', tier: 'Basic', name: 'Basic', priceCents: 999, monthlyTokens: 50, monthlyAllocationMt: monthlyAllocationMt.Basic },
  { id: 'pro', tier: 'Pro', name: 'Pro', priceCents: 2999, monthlyTokens: 200, monthlyAllocationMt: monthlyAllocationMt.Pro },
];

/** The Free tier as a plan-like entry, for pricing tables. */
export const freePlan = { id: 'free', tier: 'Free', name: 'Free', priceCents: 0, monthlyTokens: 10, monthlyAllocationMt: monthlyAllocationMt.Free } as const;

export const findPlan = (id: string): Plan | undefined => plans.find((p) => p.id === id.toLowerCase());

export interface TokenPackage {
  id: 'starter' | 'popular' | 'pro' | 'business';
  name: string;
  tokens: number;
  priceCents: number;
  popular: boolean;
  /** floor(tokens / 0.8) (SPEC §9). */
  analyses: number;
}

const makePackage = (id: TokenPackage['id'], name: string, tokens: number, popular = false): TokenPackage => ({
  id,
  name,
  tokens,
  priceCents: computeTopupPriceCents(tokens),
  popular,
  analyses: computeRemainingAnalyses(tokens),
});

/** One list for the pricing and top-up pages; one price everywhere ($0.50/token, so 200 tokens are $100). */
export const tokenPackages: readonly TokenPackage[] = [
  makePackage('starter', 'Starter', 20),
  makePackage('popular', 'Popular', 50, true),
  makePackage('pro', 'Pro', 100),
  makePackage('business', 'Business', 200),
];

/** Price of a top-up in cents. Assumes valid input (see `validateTopupTokens`). */
export function computeTopupPriceCents(tokens: number): number {
  return tokens * TOKEN_PRICE_CENTS;
}

export type TopupProblem = 'not_integer' | 'below_minimum' | 'above_maximum';

export const topupProblemMessages: Record<TopupProblem, string> = {
  not_integer: 'Enter a whole number of tokens.',
  below_minimum: 'Minimum purchase is 20 tokens ($10).',
  above_maximum: `Maximum purchase is ${MAX_TOPUP_TOKENS.toLocaleString('en-US')} tokens.`,
};

/** Validates a top-up amount in whole tokens: an integer from 20 to 10,000. */
export function validateTopupTokens(tokens: unknown): { ok: true; tokens: number; amountMt: number; priceCents: number } | { ok: false; problem: TopupProblem; message: string } {
  if (typeof tokens !== 'number' || !Number.isInteger(tokens)) return { ok: false, problem: 'not_integer', message: topupProblemMessages.not_integer };
  if (tokens < MIN_TOPUP_TOKENS) return { ok: false, problem: 'below_minimum', message: topupProblemMessages.below_minimum };
  if (tokens > MAX_TOPUP_TOKENS) return { ok: false, problem: 'above_maximum', message: topupProblemMessages.above_maximum };
  return { ok: true, tokens, amountMt: tokens * MT_PER_TOKEN, priceCents: computeTopupPriceCents(tokens) };
}

/** SPEC §5: top-up only when the tier is not Free and the balance is below 5 tokens. */
export function checkTopupAllowed(tier: Tier, balanceMt: number): { ok: true } | { ok: false; reason: 'free_tier' | 'sufficient_tokens' } {
  if (tier === 'Free') return { ok: false, reason: 'free_tier' };
  if (balanceMt >= TOPUP_BALANCE_LIMIT_MT) return { ok: false, reason: 'sufficient_tokens' };
  return { ok: true };
}
