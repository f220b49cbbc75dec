import { MT_PER_TOKEN } from './units.ts';

/** Subscription tiers, cheapest first (DESIGN §4). Build enums (zod, SQL checks, UI) from these arrays. */
export const tiers = ['Free', 'Basic', 'Pro'] as const;
export type Tier = (typeof tiers)[number];

/** The tiers a subscription pays for: they get a provider price and may buy top-ups (SPEC §6). */
export const paidTiers = ['Basic', 'Pro'] as const satisfies readonly Tier[];
export type PaidTier = (typeof paidTiers)[number];

/** "Free, Basic or Pro", for messages that list the choices. */
export const tierChoices = `${tiers.slice(0, -1).join(', ')} or ${tiers.at(-1)}`;

export const isTier = (v: unknown): v is Tier => typeof v === 'string' && (tiers as readonly string[]).includes(v);
export const isPaidTier = (v: unknown): v is PaidTier => typeof v === 'string' && (paidTiers as readonly string[]).includes(v);

/** Monthly allocation per tier in whole tokens (DESIGN §4); SPEC §4's signed-out default is the Free one. */
export const monthlyAllocationTokens: Readonly<Record<Tier, number>> = { Free: 10, Basic: 50, Pro: 200 };

/** The same allocation in milli-tokens, what the ledger grants. */
export const monthlyAllocationMt: Readonly<Record<Tier, number>> = {
  Free: monthlyAllocationTokens.Free * MT_PER_TOKEN,
  Basic: monthlyAllocationTokens.Basic * MT_PER_TOKEN,
  Pro: monthlyAllocationTokens.Pro * MT_PER_TOKEN,
};

/** Rank for upgrade/downgrade decisions: the position in `tiers`. */
export const tierRank: Readonly<Record<Tier, number>> = { Free: tiers.indexOf('Free'), Basic: tiers.indexOf('Basic'), Pro: tiers.indexOf('Pro') };
