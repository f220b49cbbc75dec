import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../features/auth/index.ts';

/** SPEC §2 guard: spinner while auth loads; no user → /login carrying the original location (?next= and state). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner label="Loading..." />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?next=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  return <>{children}</>;
}
