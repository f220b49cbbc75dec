import { computeRemainingAnalyses, MT_PER_TOKEN } from './units.ts';
import { monthlyAllocationMt, monthlyAllocationTokens, type PaidTier, paidTiers, type Tier } from './tiers.ts';

/** $0.50 per token (SPEC §9). */
export const TOKEN_PRICE_CENTS = 50;
/** Top-up limits per purchase, whole tokens (SPEC §5, DESIGN §4). */
export const MIN_TOPUP_TOKENS = 20;
export const MAX_TOPUP_TOKENS = 10_000;
/** Top-up is offered only while the balance is below this many tokens (SPEC §5). */
export const TOPUP_BALANCE_LIMIT_TOKENS = 5;
export const TOPUP_BALANCE_LIMIT_MT = TOPUP_BALANCE_LIMIT_TOKENS * MT_PER_TOKEN;

/** "$10", "$0.50", "$9.99", "$5,000": whole dollars without cents, otherwise two decimals. */
export function formatUsdCents(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** Lower-case ids of every tier, as `GET /api/billing/plans` lists them. */
export const tierIds = ['free', 'basic', 'pro'] as const satisfies readonly Lowercase<Tier>[];
export type TierId = (typeof tierIds)[number];
/** Lower-case ids of the paid plans: `POST /api/billing/create-checkout {plan}`. */
export const planIds = ['basic', 'pro'] as const satisfies readonly Lowercase<PaidTier>[];
type PlanId = (typeof planIds)[number];

/** Monthly subscription price per paid tier, cents (DESIGN §4: Basic $9.99, Pro $29.99). */
export const planPriceCents: Readonly<Record<PaidTier, number>> = { Basic: 999, Pro: 2999 };

export interface Plan {
  id: PlanId;
  tier: PaidTier;
  name: string;
  priceCents: number;
  monthlyTokens: number;
  monthlyAllocationMt: number;
}

const toTierId = <T extends Tier>(tier: T) => tier.toLowerCase() as Lowercase<T>;

export const plans: readonly Plan[] = paidTiers.map((tier) => ({
  id: toTierId(tier),
  tier,
  name: tier,
  priceCents: planPriceCents[tier],
  monthlyTokens: monthlyAllocationTokens[tier],
  monthlyAllocationMt: monthlyAllocationMt[tier],
}));

/** The Free tier as a plan-like entry, for pricing tables. */
export const freePlan = {
  id: 'free',
  tier: 'Free',
  name: 'Free',
  priceCents: 0,
  monthlyTokens: monthlyAllocationTokens.Free,
  monthlyAllocationMt: monthlyAllocationMt.Free,
} as const;

/** Every tier with its price and allocation, cheapest first (pricing tables, `GET /api/billing/plans`). */
export const tierPlans = [freePlan, ...plans] as const;

export const findPlan = (id: string): Plan | undefined => plans.find((p) => p.id === id.toLowerCase());

/** Token package ids, smallest first. */
export const tokenPackageIds = ['starter', 'popular', 'pro', 'business'] as const;

interface TokenPackage {
  id: (typeof tokenPackageIds)[number];
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

type TopupProblem = 'not_integer' | 'below_minimum' | 'above_maximum';

export const topupProblemMessages: Record<TopupProblem, string> = {
  not_integer: 'Enter a whole number of tokens.',
  // SPEC §5's wording: "Minimum purchase is 20 tokens ($10)."
  below_minimum: `Minimum purchase is ${MIN_TOPUP_TOKENS} tokens (${formatUsdCents(computeTopupPriceCents(MIN_TOPUP_TOKENS))}).`,
  above_maximum: `Maximum purchase is ${MAX_TOPUP_TOKENS.toLocaleString('en-US')} tokens.`,
};

/** Validates a top-up amount in whole tokens: an integer from MIN_TOPUP_TOKENS to MAX_TOPUP_TOKENS. */
export function validateTopupTokens(
  tokens: unknown,
): { ok: true; tokens: number; amountMt: number; priceCents: number } | { ok: false; problem: TopupProblem; message: string } {
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
