import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { PageHeaderProvider } from '../components/layout/page-header.tsx';
import { AuthProvider, useAuth } from '../features/auth/index.ts';
import { SubscriptionProvider } from '../features/tokens/index.ts';

function SubscriptionForUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <SubscriptionProvider userId={user?.id ?? null}>{children}</SubscriptionProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <SubscriptionForUser>
          <PageHeaderProvider>
            {children}
            <Toaster visibleToasts={3} duration={4000} richColors closeButton position="top-right" />
          </PageHeaderProvider>
        </SubscriptionForUser>
      </AuthProvider>
    </QueryClientProvider>
  );
}
