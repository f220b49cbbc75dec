import { createContext, type ReactNode, useContext, useMemo } from 'react';

export type Tier = 'Free' | 'Basic' | 'Pro';

export interface SubscriptionState {
  subscribed: boolean;
  subscriptionTier: Tier;
  /** Available tokens (allocation + purchased − held), fractional, 3 decimals. */
  tokenBalance: number;
  subscriptionEnd: string | null;
  loading: boolean;
  refresh(): Promise<void>;
}

/** SPEC §4: Free with 10 tokens when signed out, on error, or before loading. */
export const defaultSubscription: SubscriptionState = {
  subscribed: false,
  subscriptionTier: 'Free',
  tokenBalance: 10,
  subscriptionEnd: null,
  loading: false,
  refresh: async () => {},
};

const SubscriptionContext = createContext<SubscriptionState | null>(null);

/** Placeholder until the token feature lands: always the signed-out default. */
export function SubscriptionProvider({ children }: { userId: string | null; children: ReactNode }) {
  const value = useMemo(() => defaultSubscription, []);
  return <SubscriptionContext.Provider value={value}>{children}</SubscriptionContext.Provider>;
}

export function useSubscription(): SubscriptionState {
  const ctx = useContext(SubscriptionContext);
  if (!ctx) throw new Error('useSubscription must be used within a SubscriptionProvider');
  return ctx;
}
