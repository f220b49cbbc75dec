import type { ReactNode } from 'react';
import { PageHeaderProvider } from '../components/layout/page-header.tsx';
import { AuthProvider, useAuth } from '../features/auth/index.ts';
import { SubscriptionProvider } from '../features/tokens/index.ts';

function SubscriptionForUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <SubscriptionProvider userId={user?.id ?? null}>{children}</SubscriptionProvider>;
}

/** Another user's cached queries must not survive a sign-out (the data layer is loaded lazily). */
const clearCachedData = () => void import('./query-layer.tsx').then((m) => m.queryClient.clear());

/** App-wide state. TanStack Query and the toast host live in the lazily loaded QueryLayer (see root-layout). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <AuthProvider onSignedOut={clearCachedData}>
      <SubscriptionForUser>
        <PageHeaderProvider>{children}</PageHeaderProvider>
      </SubscriptionForUser>
    </AuthProvider>
  );
}
