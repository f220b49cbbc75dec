import { useIsFetching, useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../features/auth/index.ts';
import { useSubscription } from '../features/tokens/index.ts';
import { countSentOpeningReads, countUnusedOpeningReads } from '../lib/opening-reads.ts';

/**
 * `<html data-app-ready="<visit number>">` while the page shown has its data: no query fetching, no mutation running, the
 * session and the subscription known. The browser tests wait for it instead of for network idle.
 * Rendered after the route's page: its passive effect runs after the page's own, once the page's queries
 * have started, and it reads the live counts rather than the ones this render saw.
 */
// Counts the locations shown, for the document's life (a history entry pushed without router state keeps the key
// "default", so the key cannot tell two pages apart; module state, as the signal unmounts while a lazy page loads).
let visit: { location: unknown; count: number } = { location: null, count: 0 };

export function AppReadySignal() {
  const client = useQueryClient();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const { loading: authLoading } = useAuth();
  const { loading: subscriptionLoading } = useSubscription();
  const location = useLocation();
  // Hidden by a suspending route (a lazy page on its way) or unmounted: not ready.
  useLayoutEffect(() => () => document.documentElement.removeAttribute('data-app-ready'), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the counts and the location are exactly when to look again
  useEffect(() => {
    if (visit.location !== location) visit = { location, count: visit.count + 1 };
    const ready = !authLoading && !subscriptionLoading && client.isFetching() === 0 && client.isMutating() === 0;
    // The value is the visit's number: a test that navigates inside the app waits for a number other than the one
    // it saw before, so the previous page's readiness is never taken for the next one's.
    if (ready) {
      document.documentElement.setAttribute('data-app-ready', String(visit.count));
      // The browser tests check a page took every read sent ahead for it (web/src/lib/opening-reads.ts).
      document.documentElement.setAttribute('data-opening-reads-unused', String(countUnusedOpeningReads()));
      document.documentElement.setAttribute('data-opening-reads-sent', String(countSentOpeningReads()));
    } else document.documentElement.removeAttribute('data-app-ready');
  }, [client, fetching, mutating, authLoading, subscriptionLoading, location]);
  return null;
}
