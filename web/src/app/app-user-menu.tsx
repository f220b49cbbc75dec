import { ButtonLink } from '../components/ui/button.tsx';
import { UserMenu } from '../components/layout/user-menu.tsx';
import { useAuth } from '../features/auth/index.ts';
import { isPaidTier } from '../../../core/tokens/tiers.ts';
import { useSubscription } from '../features/tokens/index.ts';

/** Composes auth (who) and tokens (tier) for the top bar; features never import each other. */
export function AppUserMenu() {
  const { user, profile, loading, signOut } = useAuth();
  const { subscriptionTier } = useSubscription();
  if (loading) return <span className="size-9 animate-pulse rounded-full bg-slate-200" aria-hidden />;
  if (!user)
    return (
      <ButtonLink to="/login" size="sm">
        Get Started
      </ButtonLink>
    );
  const fullName = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || user.name;
  return (
    <UserMenu
      fullName={fullName}
      email={user.email}
      avatarUrl={profile?.avatar_url ?? user.image ?? null}
      firstName={profile?.first_name ?? null}
      lastName={profile?.last_name ?? null}
      showTokenPricing={isPaidTier(subscriptionTier)}
      onSignOut={() => void signOut()}
    />
  );
}
