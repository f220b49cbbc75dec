import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { getSubscription, type SubscriptionResponse, type Tier } from './api/get-subscription.ts';
import { getTokenAccount, type TokenAccountResponse } from './api/get-token-account.ts';
import { defaultSubscriptionValues, deriveSubscriptionValues, type SubscriptionValues } from './subscription-state.ts';

export type { Tier };

export interface SubscriptionState extends SubscriptionValues {
  /** True while signed in and the first answers have not arrived yet (values are the Free defaults then). */
  loading: boolean;
  /** Re-runs the subscription check, then re-reads the token row (after a purchase or an analysis). */
  refresh(): Promise<void>;
  /** Bumped after every successful read, so pages can refetch what depends on the balance. */
  version: number;
}

/** SPEC §4 refresh interval of the token row while signed in. */
export const TOKEN_REFRESH_MS = 30_000;

/** SPEC §4: Free with 10 tokens when signed out, on error, or before loading. */
export const defaultSubscription: SubscriptionState = { ...defaultSubscriptionValues, loading: false, refresh: async () => {}, version: 0 };

const SubscriptionContext = createContext<SubscriptionState | null>(null);

interface Snapshot {
  subscription?: SubscriptionResponse;
  account?: TokenAccountResponse;
  failed: boolean;
  loaded: boolean;
  version: number;
}

/**
 * Subscription and token state for the signed-in user (`userId`), or the Free defaults when signed out.
 * Plain fetch, not TanStack Query: this provider is part of the app shell, whose JavaScript every
 * landing-page visitor downloads (budget ≤ 100 KB gzip).
 */
export function SubscriptionProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const [snap, setSnap] = useState<Snapshot>({ failed: false, loaded: false, version: 0 });
  const current = useRef(userId);
  current.current = userId;

  const readAccount = useCallback(async (forUser: string, subscription?: SubscriptionResponse, failedBefore = false) => {
    try {
      const account = await getTokenAccount();
      if (current.current !== forUser) return;
      setSnap((s) => ({ subscription: subscription ?? s.subscription, account, failed: failedBefore, loaded: true, version: s.version + 1 }));
    } catch {
      if (current.current !== forUser) return;
      setSnap((s) => ({ ...s, failed: true, loaded: true }));
    }
  }, []);

  // SPEC §4: on sign-in the subscription check runs, then the user_tokens row is read.
  const refresh = useCallback(async () => {
    const forUser = current.current;
    if (!forUser) return;
    let subscription: SubscriptionResponse | undefined;
    let failed = false;
    try {
      subscription = await getSubscription();
    } catch {
      failed = true;
    }
    if (current.current !== forUser) return;
    await readAccount(forUser, subscription, failed);
  }, [readAccount]);

  useEffect(() => {
    setSnap({ failed: false, loaded: false, version: 0 });
    if (!userId) return;
    void refresh();
    const timer = setInterval(() => void readAccount(userId), TOKEN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [userId, refresh, readAccount]);

  const value = useMemo<SubscriptionState>(() => {
    if (!userId) return defaultSubscription;
    const values = snap.loaded
      ? deriveSubscriptionValues({ subscription: snap.subscription, account: snap.account, failed: snap.failed })
      : defaultSubscriptionValues;
    return { ...values, loading: !snap.loaded, refresh, version: snap.version };
  }, [userId, snap, refresh]);

  return <SubscriptionContext.Provider value={value}>{children}</SubscriptionContext.Provider>;
}

export function useSubscription(): SubscriptionState {
  const ctx = useContext(SubscriptionContext);
  if (!ctx) throw new Error('useSubscription must be used within a SubscriptionProvider');
  return ctx;
}
