import type { ReactNode } from 'react';
import { ButtonLink } from '../components/ui/button.tsx';
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

/** The signed-out page's closing call to action: what signing in gives, then sign up, or log in and come back to `path`. */
export function SignInToUse({ children, path }: { children: ReactNode; path: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-6 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-fg-secondary">{children}</p>
      <div className="flex gap-3">
        <ButtonLink to="/signup">Get started free</ButtonLink>
        <ButtonLink to={`/login?next=${encodeURIComponent(path)}`} variant="outline">
          Log in
        </ButtonLink>
      </div>
    </div>
  );
}
