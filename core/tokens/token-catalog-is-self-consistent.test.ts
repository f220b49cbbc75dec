import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_ESTIMATE_MT,
  analysisKinds,
  formatUsdCents,
  freePlan,
  MAX_TOPUP_TOKENS,
  MIN_TOPUP_TOKENS,
  MT_PER_TOKEN,
  monthlyAllocationMt,
  monthlyAllocationTokens,
  paidTiers,
  planIds,
  planPriceCents,
  plans,
  tierIds,
  tierPlans,
  tierRank,
  tiers,
  TOKEN_PRICE_CENTS,
  TOPUP_BALANCE_LIMIT_MT,
  tokenActions,
  tokenCosts,
  tokenPackageIds,
  tokenPackages,
  topupProblemMessages,
  validateTopupTokens,
} from './index.ts';

describe('the token catalog agrees with itself (one source for product facts)', () => {
  it('tiers, paid tiers and their lower-case ids list the same tiers in the same order', () => {
    expect(tiers).toEqual(['Free', 'Basic', 'Pro']);
    expect(tierIds).toEqual(tiers.map((t) => t.toLowerCase()));
    expect(paidTiers).toEqual(tiers.filter((t) => t !== 'Free'));
    expect(planIds).toEqual(paidTiers.map((t) => t.toLowerCase()));
    expect(tierPlans.map((p) => p.tier)).toEqual([...tiers]);
    expect(tierPlans.map((p) => p.id)).toEqual([...tierIds]);
    expect(tiers.map((t) => tierRank[t])).toEqual([0, 1, 2]);
  });

  it('allocations: Free 10, Basic 50, Pro 200 tokens = 10,000 / 50,000 / 200,000 mt, the same on every plan', () => {
    expect(monthlyAllocationTokens).toEqual({ Free: 10, Basic: 50, Pro: 200 });
    for (const t of tiers) expect(monthlyAllocationMt[t]).toBe(monthlyAllocationTokens[t] * MT_PER_TOKEN);
    expect(monthlyAllocationMt).toEqual({ Free: 10 * 1000, Basic: 50 * 1000, Pro: 200 * 1000 });
    for (const p of tierPlans) {
      expect(p.monthlyTokens).toBe(monthlyAllocationTokens[p.tier]);
      expect(p.monthlyAllocationMt).toBe(p.monthlyTokens * MT_PER_TOKEN);
    }
  });

  it('plan prices: Basic 999 cents = $9.99, Pro 2,999 cents = $29.99, Free 0; a higher tier costs more and gives more', () => {
    expect(plans.map((p) => [p.id, p.priceCents, formatUsdCents(p.priceCents)])).toEqual([
      ['basic', 999, '$9.99'],
      ['pro', 2999, '$29.99'],
    ]);
    for (const p of plans) expect(p.priceCents).toBe(planPriceCents[p.tier]);
    expect(freePlan.priceCents).toBe(0);
    for (let i = 1; i < tierPlans.length; i++) {
      expect(tierPlans[i]!.priceCents).toBeGreaterThan(tierPlans[i - 1]!.priceCents);
      expect(tierPlans[i]!.monthlyTokens).toBeGreaterThan(tierPlans[i - 1]!.monthlyTokens);
    }
  });

  it('packages are priced at 50 cents × tokens: 20 → $10, 50 → $25, 100 → $50, 200 → $100; analyses = floor(tokens × 1000 / 800)', () => {
    expect(TOKEN_PRICE_CENTS).toBe(50);
    expect(tokenPackages.map((p) => p.id)).toEqual([...tokenPackageIds]);
    expect(tokenPackages.map((p) => [p.tokens, p.priceCents, formatUsdCents(p.priceCents), p.analyses])).toEqual([
      [20, 20 * 50, '$10', Math.floor(20_000 / 800)], // 1,000 cents, 25 analyses
      [50, 50 * 50, '$25', Math.floor(50_000 / 800)], // 2,500 cents, 62
      [100, 100 * 50, '$50', Math.floor(100_000 / 800)], // 5,000 cents, 125
      [200, 200 * 50, '$100', Math.floor(200_000 / 800)], // 10,000 cents, 250 (not the spec's $95)
    ]);
    for (const p of tokenPackages) {
      expect(p.priceCents).toBe(TOKEN_PRICE_CENTS * p.tokens);
      expect(p.analyses).toBe(Math.floor((p.tokens * MT_PER_TOKEN) / ANALYSIS_ESTIMATE_MT));
      expect(validateTopupTokens(p.tokens)).toMatchObject({ ok: true, priceCents: p.priceCents, amountMt: p.tokens * 1000 });
    }
    expect(tokenPackages.filter((p) => p.popular).map((p) => p.id)).toEqual(['popular']);
  });

  it('top-up limits: the smallest package is the minimum (20 tokens, $10), 10,000 tokens ($5,000) the maximum, 5 tokens the balance limit', () => {
    expect(Math.min(...tokenPackages.map((p) => p.tokens))).toBe(MIN_TOPUP_TOKENS);
    expect([MIN_TOPUP_TOKENS, MAX_TOPUP_TOKENS, TOPUP_BALANCE_LIMIT_MT]).toEqual([20, 10_000, 5 * 1000]);
    expect(topupProblemMessages.below_minimum).toBe('Minimum purchase is 20 tokens ($10).'); // SPEC §5, word for word
    expect(topupProblemMessages.above_maximum).toBe('Maximum purchase is 10,000 tokens.');
    expect(validateTopupTokens(MIN_TOPUP_TOKENS - 1)).toMatchObject({ ok: false, problem: 'below_minimum' });
    expect(validateTopupTokens(MAX_TOPUP_TOKENS + 1)).toMatchObject({ ok: false, problem: 'above_maximum' });
    expect(validateTopupTokens(MAX_TOPUP_TOKENS)).toMatchObject({ ok: true, priceCents: 10_000 * 50 }); // 500,000 cents
    expect(formatUsdCents(MAX_TOPUP_TOKENS * TOKEN_PRICE_CENTS)).toBe('$5,000');
  });

  it('costs: seven actions, six of them analyses, each a whole number of milli-tokens that prints as DESIGN §4 says', () => {
    expect(tokenActions).toEqual(tokenCosts.map((c) => c.action));
    expect(new Set(tokenActions).size).toBe(tokenActions.length);
    expect(analysisKinds).toEqual(['overview', 'fundamental', 'technical', 'balance-sheet', 'etf', 'dcf']);
    expect(tokenCosts.map((c) => c.costMt / MT_PER_TOKEN)).toEqual([0.5, 1, 0.8, 1.2, 0.8, 1, 0.3]);
    for (const c of tokenCosts) expect(Number.isInteger(c.costMt) && c.costMt > 0).toBe(true);
  });
});
