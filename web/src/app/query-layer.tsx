import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Toaster } from 'sonner';
import { useAuth } from '../features/auth/index.ts';
import { getDataFreshnessQueryOptions } from '../lib/data-freshness.ts';
import { useTheme } from '../lib/use-theme-choice.ts';
import { AppReadySignal } from './app-ready-signal.tsx';

// In this chunk rather than a chunk of its own: the strip sits above every page, and arriving after the page
// it would push what the reader is about to click down the screen.
export { DataFreshnessStrip } from '../features/data-freshness/index.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});
// Asked as soon as the data layer loads, alongside the first route chunk: the strip is there before the page's
// own data, and the readiness signal counts this fetch from the start.
void queryClient.prefetchQuery(getDataFreshnessQueryOptions());

/**
 * Data layer for route pages: TanStack Query and the toast host. Loaded as its own chunk, in parallel
 * with the first route chunk, so neither library weighs on the landing page's initial JavaScript.
 * Shell code (auth and subscription contexts, top bar) uses plain fetch and lib/notify.ts instead.
 */
export default function QueryLayer({ children }: { children: ReactNode }) {
  // Another user's (or no user's) data must never be served from the cache after a sign-out or switch.
  const theme = useTheme();
  const userId = useAuth().user?.id ?? null;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== null && previous.current !== userId) queryClient.clear();
    previous.current = userId;
  }, [userId]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppReadySignal />
      <Toaster theme={theme} visibleToasts={3} duration={4000} richColors closeButton position="top-right" />
    </QueryClientProvider>
  );
}
