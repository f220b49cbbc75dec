import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberSignedIn } from '../../lib/opening-reads.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { type AuthUser, authApi, type Profile } from './auth-api.ts';

export type { AuthUser, Profile } from './auth-api.ts';

/** The session events of SPEC §4. */
export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY';
export type AuthListener = (event: AuthEvent, user: AuthUser | null) => void;

export interface AuthState {
  user: AuthUser | null;
  profile: Profile | null;
  /** True until the first session check has answered. */
  loading: boolean;
  /** Set while the visitor is on a password-reset link (PASSWORD_RECOVERY), cleared by the next sign-in. */
  passwordRecovery: boolean;
  signOut(): Promise<void>;
  /** Re-reads the session (e.g. after sign-in, verification or a password change). */
  refresh(): Promise<void>;
  /** Signs in with e-mail and password and loads the session and profile. */
  signIn(email: string, password: string): Promise<AuthUser>;
  /** Stores a profile the server returned (after PATCH or avatar upload) and emits USER_UPDATED. */
  setProfile(profile: Profile): void;
  /** Marks the start of a password recovery (the reset page calls it). */
  startPasswordRecovery(): void;
  /** Subscribes to session events; returns the unsubscribe function. */
  onAuthEvent(listener: AuthListener): () => void;
}

const AuthContext = createContext<AuthState | null>(null);

/** How often a signed-in tab re-checks its session (the server may revoke it: password change elsewhere). */
const SESSION_CHECK_MS = 5 * 60_000;

/**
 * The first session check leaves with the app's own code, not after React's first render: every guarded page
 * waits on it (the dashboard's chain was session → profile → the page's data). The provider's first refresh
 * takes this answer; later ones ask again.
 */
let firstSession: ReturnType<typeof authApi.getSession> | null = typeof window === 'undefined' ? null : authApi.getSession();
// Handled here too, so a failure before the provider mounts is not reported as unhandled; the refresh still sees it.
firstSession?.catch(() => undefined);
const channelName = 'stockpilot-auth';
const storageKey = 'stockpilot-auth-event';

type TabMessage = { type: 'SIGNED_OUT' | 'SIGNED_IN'; userId: string | null };

/** Tells other open tabs; BroadcastChannel where available, the storage event otherwise. */
function createTabBus(onMessage: (m: TabMessage) => void) {
  if (typeof BroadcastChannel !== 'undefined') {
    const ch = new BroadcastChannel(channelName);
    ch.onmessage = (e: MessageEvent<TabMessage>) => onMessage(e.data);
    return { post: (m: TabMessage) => ch.postMessage(m), close: () => ch.close() };
  }
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKey && e.newValue) onMessage(JSON.parse(e.newValue) as TabMessage);
  };
  window.addEventListener('storage', onStorage);
  return {
    post: (m: TabMessage) => localStorage.setItem(storageKey, JSON.stringify({ ...m, at: Date.now() })),
    close: () => window.removeEventListener('storage', onStorage),
  };
}

export function AuthProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut?: () => void }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [profile, setProfileState] = useState<Profile | null>(null);
  const [loading, setLoading] = useState(true);
  const [passwordRecovery, setPasswordRecovery] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathWaiters = useRef(new Map<string, Array<() => void>>());
  useEffect(() => {
    const waiting = pathWaiters.current.get(pathname);
    pathWaiters.current.delete(pathname);
    for (const resolve of waiting ?? []) resolve();
  }, [pathname]);
  /** Resolves once the router has committed `path` (navigations are transitions: lazy pages load first), or after 5 s. */
  const navigateAndWait = useCallback(
    (path: string) =>
      new Promise<void>((resolve) => {
        const list = pathWaiters.current.get(path) ?? [];
        list.push(resolve);
        pathWaiters.current.set(path, list);
        window.setTimeout(resolve, 5000);
        navigate(path);
      }),
    [navigate],
  );
  const listeners = useRef(new Set<AuthListener>());
  const userRef = useRef<AuthUser | null>(null);
  const busRef = useRef<ReturnType<typeof createTabBus> | null>(null);
  const onSignedOutRef = useRef(onSignedOut);
  onSignedOutRef.current = onSignedOut;

  const emit = useCallback((event: AuthEvent, u: AuthUser | null) => {
    for (const l of listeners.current) l(event, u);
  }, []);

  const loadProfile = useCallback(async () => {
    try {
      setProfileState(await authApi.getProfile());
    } catch {
      // A missing or unreadable profile is not an error (SPEC §4): the menu falls back to the account.
      setProfileState(null);
    }
  }, []);

  /** Applies a session answer and emits the matching event. */
  const applySession = useCallback(
    async (next: AuthUser | null) => {
      const prev = userRef.current;
      userRef.current = next;
      setUser(next);
      rememberSignedIn(next !== null);
      if (next && (!prev || prev.id !== next.id)) {
        setPasswordRecovery(false);
        await loadProfile();
        emit('SIGNED_IN', next);
      } else if (next && prev) {
        emit('TOKEN_REFRESHED', next);
      } else if (!next && prev) {
        setProfileState(null);
        onSignedOutRef.current?.();
        emit('SIGNED_OUT', null);
      }
    },
    [emit, loadProfile],
  );

  const refresh = useCallback(async () => {
    try {
      const pending = firstSession;
      firstSession = null;
      const data = await (pending ?? authApi.getSession());
      const applied = applySession(data?.user ?? null);
      // The guard needs the user, not the profile: the page renders (and its queries run) while the profile arrives;
      // the menu shows the account's name until then.
      setLoading(false);
      await applied;
    } catch (e) {
      // Offline or a server hiccup keeps the current state; only an answer can sign a tab out.
      if (e instanceof ApiError && e.status === 401) await applySession(null);
    } finally {
      setLoading(false);
    }
  }, [applySession]);

  useEffect(() => {
    const bus = createTabBus((m) => {
      if (m.type === 'SIGNED_OUT' && userRef.current) void applySession(null);
      if (m.type === 'SIGNED_IN' && userRef.current?.id !== m.userId) void refresh();
    });
    busRef.current = bus;
    void refresh();
    const timer = window.setInterval(() => {
      if (userRef.current) void refresh();
    }, SESSION_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && userRef.current) void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      bus.close();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh, applySession]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      await authApi.signIn({ email, password });
      const data = await authApi.getSession();
      if (!data?.user) throw new ApiError(401, 'UNAUTHORIZED', 'Signed in, but no session was kept. Are cookies enabled?');
      await applySession(data.user);
      busRef.current?.post({ type: 'SIGNED_IN', userId: data.user.id });
      return data.user;
    },
    [applySession],
  );

  const signOut = useCallback(async () => {
    try {
      await authApi.signOut();
    } catch (e) {
      notify('error', 'Sign out failed', { description: e instanceof Error ? e.message : String(e) });
      throw e;
    }
    // Leave the (possibly guarded) page first, so its guard does not bounce the visitor to /login.
    if (window.location.pathname !== '/') await navigateAndWait('/');
    await applySession(null);
    busRef.current?.post({ type: 'SIGNED_OUT', userId: null });
    notify('success', 'Signed out', { description: 'You have been successfully signed out.' });
  }, [applySession, navigateAndWait]);

  const setProfile = useCallback(
    (p: Profile) => {
      setProfileState(p);
      const u = userRef.current;
      if (u) {
        const name = [p.first_name, p.last_name].filter(Boolean).join(' ');
        const updated = name ? { ...u, name } : u;
        userRef.current = updated;
        setUser(updated);
        emit('USER_UPDATED', updated);
      }
    },
    [emit],
  );

  const startPasswordRecovery = useCallback(() => {
    setPasswordRecovery(true);
    emit('PASSWORD_RECOVERY', userRef.current);
  }, [emit]);

  const onAuthEvent = useCallback((listener: AuthListener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, profile, loading, passwordRecovery, signOut, refresh, signIn, setProfile, startPasswordRecovery, onAuthEvent }),
    [user, profile, loading, passwordRecovery, signOut, refresh, signIn, setProfile, startPasswordRecovery, onAuthEvent],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state; throws outside `AuthProvider` (SPEC §8). */
export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
