/** Subscription tiers and their monthly token allocation (DESIGN §4). */
export const tiers = ['Free', 'Basic', 'Pro'] as const;
export type Tier = (typeof tiers)[number];

export const isTier = (v: unknown): v is Tier => typeof v === 'string' && (tiers as readonly string[]).includes(v);

/** Monthly allocation per tier, milli-tokens: Free 10, Basic 50, Pro 200 tokens. */
export const monthlyAllocationMt: Record<Tier, number> = { Free: 10_000, Basic: 50_000, Pro: 200_000 };

/** Rank for upgrade/downgrade decisions. */
export const tierRank: Record<Tier, number> = { Free: 0, Basic: 1, Pro: 2 };

/** Can this tier buy token top-ups at all (SPEC §6)? */
export const canTierBuyTokens = (tier: Tier) => tier !== 'Free';
