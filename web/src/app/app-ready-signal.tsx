import { useIsFetching, useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../features/auth/index.ts';
import { useSubscription } from '../features/tokens/index.ts';

/**
 * `<html data-app-ready>` while the page shown has its data: no query fetching, no mutation running, the
 * session and the subscription known. The browser tests wait for it instead of for network idle.
 * Rendered after the route's page: its passive effect runs after the page's own, once the page's queries
 * have started, and it reads the live counts rather than the ones this render saw.
 */
export function AppReadySignal() {
  const client = useQueryClient();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const { loading: authLoading } = useAuth();
  const { loading: subscriptionLoading } = useSubscription();
  const { key } = useLocation();
  // Hidden by a suspending route (a lazy page on its way) or unmounted: not ready.
  useLayoutEffect(() => () => document.documentElement.removeAttribute('data-app-ready'), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the counts and the location are exactly when to look again
  useEffect(() => {
    const ready = !authLoading && !subscriptionLoading && client.isFetching() === 0 && client.isMutating() === 0;
    document.documentElement.toggleAttribute('data-app-ready', ready);
  }, [client, fetching, mutating, authLoading, subscriptionLoading, key]);
  return null;
}
