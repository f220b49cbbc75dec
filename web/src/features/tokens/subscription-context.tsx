import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { fetchSubscription, fetchTokenAccount, type Tier, tokenQueryKeys } from './api/tokens-api.ts';
import { defaultSubscriptionValues, deriveSubscriptionValues, type SubscriptionValues } from './subscription-state.ts';

export type { Tier };

export interface SubscriptionState extends SubscriptionValues {
  /** True while signed in and the first answers have not arrived yet (values are the Free defaults then). */
  loading: boolean;
  /** Re-runs the subscription check, then re-reads the token row (after a purchase or an analysis). */
  refresh(): Promise<void>;
}

/** SPEC §4 refresh interval of the token row while signed in. */
export const TOKEN_REFRESH_MS = 30_000;

/** SPEC §4: Free with 10 tokens when signed out, on error, or before loading. */
export const defaultSubscription: SubscriptionState = { ...defaultSubscriptionValues, loading: false, refresh: async () => {} };

const SubscriptionContext = createContext<SubscriptionState | null>(null);

/** Subscription and token state for the signed-in user (`userId`), or the Free defaults when signed out. */
export function SubscriptionProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const signedIn = userId !== null;
  const subscription = useQuery({
    queryKey: tokenQueryKeys.subscription(userId),
    queryFn: ({ signal }) => fetchSubscription(signal),
    enabled: signedIn,
    staleTime: TOKEN_REFRESH_MS,
  });
  // The row is read once the subscription check has answered (either way), then every 30 s.
  const account = useQuery({
    queryKey: tokenQueryKeys.account(userId),
    queryFn: ({ signal }) => fetchTokenAccount(signal),
    enabled: signedIn && !subscription.isPending,
    refetchInterval: signedIn ? TOKEN_REFRESH_MS : false,
    staleTime: 5_000,
  });

  const refresh = useCallback(async () => {
    if (!signedIn) return;
    await queryClient.refetchQueries({ queryKey: tokenQueryKeys.subscription(userId), exact: true });
    await queryClient.refetchQueries({ queryKey: tokenQueryKeys.account(userId) });
  }, [queryClient, signedIn, userId]);

  const value = useMemo<SubscriptionState>(() => {
    if (!signedIn) return defaultSubscription;
    const loading = subscription.isPending || account.isPending;
    const failed = subscription.isError || account.isError;
    const values = loading ? defaultSubscriptionValues : deriveSubscriptionValues({ subscription: subscription.data, account: account.data, failed });
    return { ...values, loading, refresh };
  }, [signedIn, subscription.isPending, subscription.isError, subscription.data, account.isPending, account.isError, account.data, refresh]);

  return <SubscriptionContext.Provider value={value}>{children}</SubscriptionContext.Provider>;
}

export function useSubscription(): SubscriptionState {
  const ctx = useContext(SubscriptionContext);
  if (!ctx) throw new Error('useSubscription must be used within a SubscriptionProvider');
  return ctx;
}
