import type { ReactNode } from 'react';
import { Spinner } from '../components/ui/spinner.tsx';
import { type AuthUser, useAuth } from '../features/auth/index.ts';

/**
 * A public tool page's switch: the tool for a signed-in user, its explanation with a live example for
 * everyone else, a spinner until the session check answers. The tool shows as soon as the user is known:
 * it needs only the user, not the profile that `loading` also waits for.
 */
export function SignedInOrExample({ tool, example }: { tool: (user: AuthUser) => ReactNode; example: ReactNode }) {
  const { user, loading } = useAuth();
  if (user) return <>{tool(user)}</>;
  if (loading) return <Spinner />;
  return <>{example}</>;
}
