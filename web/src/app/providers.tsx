import type { ReactNode } from 'react';
import { PageHeaderProvider } from '../components/layout/page-header.tsx';
import { AuthProvider, useAuth } from '../features/auth/index.ts';
import { SubscriptionProvider } from '../features/tokens/index.ts';

function SubscriptionForUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <SubscriptionProvider userId={user?.id ?? null}>{children}</SubscriptionProvider>;
}

/** App-wide state. TanStack Query and the toast host live in the lazily loaded QueryLayer (see root-layout). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <SubscriptionForUser>
        <PageHeaderProvider>{children}</PageHeaderProvider>
      </SubscriptionForUser>
    </AuthProvider>
  );
}
