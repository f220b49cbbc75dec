import { describe, expect, it } from 'vitest';
import type { SubscriptionResponse } from './api/get-subscription.ts';
import type { TokenAccountResponse } from './api/get-token-account.ts';
import { defaultSubscriptionValues, deriveSubscriptionValues } from './subscription-state.ts';

// The contract never sends a null balance; SPEC §4's fallbacks still guard a row that lacks one, hence `| null`.
const row = (over: { [K in keyof TokenAccountResponse]?: TokenAccountResponse[K] | null } = {}): TokenAccountResponse => ({
  user_id: 'u1',
  token_balance: 42.125,
  remaining_tokens: 40,
  subscription_tier: 'Basic',
  next_reset_date: '2026-08-01T00:00:00.000Z',
  actual_billing_period_end: '2026-08-02T00:00:00.000Z',
  last_tier_change: null,
  previous_tier: null,
  proration_factor: null,
  allocation: 40,
  purchased: 2.125,
  held: 0,
  pending_tier: null,
  monthly_allocation: 50,
  ...(over as Partial<TokenAccountResponse>),
});
const sub: SubscriptionResponse = { subscribed: true, subscription_tier: 'Basic', subscription_end: '2026-08-02T00:00:00.000Z', tokens: 42.125 };

describe('subscription state (SPEC §4)', () => {
  it('signed out, before loading, or on error: Free with 10 tokens', () => {
    expect(defaultSubscriptionValues).toMatchObject({ subscribed: false, subscriptionTier: 'Free', tokenBalance: 10, subscriptionEnd: null });
    expect(deriveSubscriptionValues({})).toEqual(defaultSubscriptionValues);
    expect(deriveSubscriptionValues({ subscription: sub, account: row(), failed: true })).toEqual(defaultSubscriptionValues);
  });

  it('balance: token_balance → remaining_tokens → 10', () => {
    expect(deriveSubscriptionValues({ subscription: sub, account: row() }).tokenBalance).toBe(42.125);
    expect(deriveSubscriptionValues({ subscription: sub, account: row({ token_balance: null }) }).tokenBalance).toBe(40);
    expect(deriveSubscriptionValues({ subscription: sub, account: row({ token_balance: null, remaining_tokens: null }) }).tokenBalance).toBe(10);
  });

  it('billing end: actual_billing_period_end → next_reset_date', () => {
    expect(deriveSubscriptionValues({ account: row() }).subscriptionEnd).toBe('2026-08-02T00:00:00.000Z');
    expect(deriveSubscriptionValues({ account: row({ actual_billing_period_end: null }) }).subscriptionEnd).toBe('2026-08-01T00:00:00.000Z');
  });

  it('the token row (refreshed every 30 s) wins over the earlier subscription check for the tier', () => {
    const v = deriveSubscriptionValues({ subscription: { ...sub, subscription_tier: 'Free', subscribed: false }, account: row({ subscription_tier: 'Pro' }) });
    expect(v).toMatchObject({ subscriptionTier: 'Pro', subscribed: true });
  });

  it('only the subscription check answered: its tier and tokens', () => {
    expect(deriveSubscriptionValues({ subscription: sub })).toMatchObject({ subscriptionTier: 'Basic', tokenBalance: 42.125, account: null });
  });
});
