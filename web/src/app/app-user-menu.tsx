import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../components/ui/button.tsx';
import { formatTokens } from '../lib/format.ts';
import { UserMenu } from '../components/layout/user-menu.tsx';
import { useAuth } from '../features/auth/index.ts';
import { isPaidTier } from '../../../core/tokens/tiers.ts';
import { useSubscription } from '../features/tokens/index.ts';

// The bell polls and renders a popover: its own chunk, loaded once a user is signed in.
const NotificationBell = lazy(() => import('../features/watchlist/components/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })));

/** Composes auth (who), tokens (tier, balance) and the alerts' bell for the top bar; features never import each other. */
export function AppUserMenu() {
  const { user, profile, loading, signOut } = useAuth();
  const { subscriptionTier, tokenBalance, loading: tokensLoading } = useSubscription();
  if (loading) return <span className="size-9 animate-pulse rounded-full bg-surface-strong" aria-hidden />;
  if (!user)
    return (
      <ButtonLink to="/login" size="sm">
        Get Started
      </ButtonLink>
    );
  const fullName = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || user.name;
  return (
    <>
      <Suspense fallback={<span className="mr-1 size-9" aria-hidden />}>
        <NotificationBell />
      </Suspense>
      <Link
        to="/dashboard"
        className="mr-2 whitespace-nowrap rounded-full border border-border px-2.5 py-1 text-xs font-medium text-fg-secondary hover:bg-surface-subtle"
        aria-label={tokensLoading ? 'Token balance loading' : `Token balance: ${formatTokens(tokenBalance)} tokens`}
        data-testid="header-balance"
      >
        <span className="tabular">{tokensLoading ? '…' : formatTokens(tokenBalance)}</span>
        <span className="hidden sm:inline"> tokens</span>
      </Link>
      <UserMenu
        fullName={fullName}
        email={user.email}
        avatarUrl={profile?.avatar_url ?? user.image ?? null}
        firstName={profile?.first_name ?? null}
        lastName={profile?.last_name ?? null}
        showTokenPricing={isPaidTier(subscriptionTier)}
        onSignOut={() => void signOut()}
      />
    </>
  );
}
