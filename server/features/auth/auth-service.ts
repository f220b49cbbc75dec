import { readFileSync } from 'node:fs';
import { findServerAsset } from '../../lib/app-root.ts';
import type { Context } from 'hono';
import { parseCommonPasswords } from '../../../core/auth/password-policy.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppContext } from '../../http/feature.ts';
import type { Auth, AuthHooks, GoogleSetup } from './auth.ts';
import type { SessionReader } from './session-reader.ts';

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
  return { getRuntime, getAuth: async () => (await getRuntime()).auth };
}

export type AuthService = ReturnType<typeof createAuthService>;
