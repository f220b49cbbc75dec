import { readFileSync } from 'node:fs';
import { findServerAsset } from '../../lib/app-root.ts';
import type { Context } from 'hono';
import { parseCommonPasswords } from '../../../core/auth/password-policy.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppContext } from '../../http/feature.ts';
import type { Auth, AuthHooks, GoogleSetup } from './auth.ts';
import type { SessionReader } from './session-reader.ts';
import { AppError } from '../../lib/errors.ts';
import { rateLimitedError } from '../../http/rate-limit.ts';
import { selectPasswordHash, selectSessionCreatedAt } from './auth-store.ts';
import { beginSignInAttempt, settleSignInAttempt, toAccountKey } from './sign-in-throttle-store.ts';

/**
 * How recent a sign-in must be to stand in for a password (accounts without one, e.g. Google only) where the app asks
 * the owner to prove it is them again (account deletion; docs/accounts.md).
 */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/** How the owner proved it was them: the current password, or (no password on the account) a sign-in within 10 minutes. */
export type Reauthentication = 'password' | 'recent_sign_in';

/** better-auth and what is built on it, loaded on first use. */
interface AuthRuntime {
  auth: Auth;
  handler: (c: Context<AppEnv>) => Promise<Response>;
  sessions: SessionReader;
}

interface AuthServiceDeps {
  ctx: AppContext;
  /** Signs cookies and tokens (auth-secret.ts). */
  secret: string;
  mailer: Mailer;
  google?: GoogleSetup;
  hooks: AuthHooks;
}

/** The common-password list (18k entries) the sign-up and password-change rules refuse. */
export function loadCommonPasswords(appRoot: string): Set<string> {
  return parseCommonPasswords(readFileSync(findServerAsset(appRoot, 'server/features/auth/common-passwords.txt'), 'utf8'));
}

/** Accounts: better-auth behind our mount, and the session reader that answers who is signed in. */
export function createAuthService({ ctx, secret, mailer, google, hooks }: AuthServiceDeps) {
  const { env } = ctx;
  // better-auth takes ~0.5 s to load. It is imported after the server listens (the feature's start() warms it up),
  // so requests that need no session — health, the SPA, market data without a cookie — never wait for it.
  let runtime: Promise<AuthRuntime> | null = null;
  const getRuntime = () =>
    (runtime ??= Promise.all([import('./auth.ts'), import('./auth-mount.ts'), import('./session-reader.ts'), import('./better-auth-calls.ts')]).then(
      async ([{ createAuth }, { createAuthHandler }, { createSessionReader }, { createBetterAuthCalls }]) => {
        const auth = createAuth({ ctx, secret, mailer, google, hooks });
        // Every way in to better-auth goes through calls.run, so its request storages are off between calls.
        const calls = await createBetterAuthCalls();
        const { authCookies, secret: signingSecret } = await auth.$context;
        const sessions = createSessionReader({
          db: ctx.db,
          cookieName: authCookies.sessionToken.name,
          secret: signingSecret,
          idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
          revisionCheckMs: env.SESSION_REVOCATION_MS,
          nowMs: () => ctx.now().getTime(),
        });
        // The 18k-entry password list is parsed here too, off the start-up path.
        const handler = createAuthHandler(auth, {
          trustProxy: env.TRUST_PROXY,
          commonPasswords: loadCommonPasswords(ctx.appRoot),
          db: ctx.db,
          now: ctx.now,
        });
        return { auth, sessions, handler: (c: Parameters<typeof handler>[0]) => calls.run(() => handler(c)) };
      },
    ));
  /**
   * Asks the signed-in owner to prove it is them again. An account with a password must send it: it is checked as
   * change-password's current password is, in the same per-account throttle row as sign-in (a wrong one is a failure,
   * a right one clears the count), so a stolen session buys no extra guesses. An account without one (Google only)
   * must have signed in within the last 10 minutes (`RECENT_SIGN_IN_MS`).
   */
  const reauthenticate = async (input: { userId: string; email: string; sessionId: string | undefined; password?: string }): Promise<Reauthentication> => {
    const hash = await selectPasswordHash(ctx.db, input.userId);
    if (hash === null) {
      const signedInAt = input.sessionId ? await selectSessionCreatedAt(ctx.db, input.sessionId) : null;
      if (signedInAt && ctx.now().getTime() - signedInAt.getTime() <= RECENT_SIGN_IN_MS) return 'recent_sign_in';
      throw new AppError('FORBIDDEN', 'For your safety, sign out and sign in again, then delete your account within 10 minutes.', {
        details: { reason: 'recent_sign_in_required' },
      });
    }
    if (!input.password) throw new AppError('VALIDATION_FAILED', 'Enter your current password.', { field: 'password' });
    const key = toAccountKey(input.email);
    const verdict = await beginSignInAttempt(ctx.db, key, ctx.now());
    if (verdict.kind === 'wait') throw rateLimitedError('Too many wrong passwords for this account.', verdict.retryAfterSeconds);
    if (verdict.kind === 'reset-required')
      throw new AppError('FORBIDDEN', 'Too many wrong passwords for this account. Reset your password with the link we e-mail you (Forgot password?).', {
        field: 'password',
        details: { reason: 'password_reset_required' },
      });
    let right: boolean;
    try {
      const { verify } = await import('@node-rs/argon2');
      right = await verify(hash, input.password);
    } catch (err) {
      await settleSignInAttempt(ctx.db, key, 'not-checked');
      throw err;
    }
    await settleSignInAttempt(ctx.db, key, right ? 'right-password' : 'wrong-password');
    if (!right) throw new AppError('INVALID_PASSWORD', 'That is not your current password.', { field: 'password' });
    return 'password';
  };

  /** Whether the account signs in with a password (else a recent sign-in stands in for it where one is asked again). */
  const hasPassword = async (userId: string) => (await selectPasswordHash(ctx.db, userId)) !== null;

  return { getRuntime, getAuth: async () => (await getRuntime()).auth, reauthenticate, hasPassword };
}

export type AuthService = ReturnType<typeof createAuthService>;
