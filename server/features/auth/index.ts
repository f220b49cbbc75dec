import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMailer, type Mailer } from '../../adapters/mail/index.ts';
import { isProduction } from '../../env.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { Auth, AuthHooks, GoogleSetup } from './auth.ts';
import { type AuthRuntime, createAuthHandlers } from './auth.handlers.ts';
import { getAuthConfigRoute, getOutboxRoute, OUTBOX_API_PATH, OUTBOX_PAGE_PATH } from './auth.routes.ts';
import { betterAuthRoutes } from './better-auth.routes.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { parseCommonPasswords } from '../../../core/auth/password-policy.ts';

export type { Names } from './auth.ts';

export interface AuthFeatureDeps extends AuthHooks {
  /** Test only: an OIDC issuer that stands in for Google (with GOOGLE_CLIENT_ID/SECRET set). */
  googleIssuerForTests?: string;
  mailer?: Mailer;
}

export function loadCommonPasswords(appRoot: string): Set<string> {
  return parseCommonPasswords(readFileSync(join(appRoot, 'server/features/auth/common-passwords.txt'), 'utf8'));
}

/**
 * Accounts: better-auth at /api/auth/*, the session middleware that fills `c.get('user')`, the auth
 * configuration for the UI and, outside production, the mail outbox.
 */
export async function createAuthFeature(ctx: AppContext, deps: AuthFeatureDeps = {}) {
  const { env } = ctx;
  const secret = await resolveAuthSecret(env, ctx.db);
  const mailer = deps.mailer ?? createMailer({ env, db: ctx.db, logger: ctx.logger });
  const outboxEnabled = !isProduction(env) && Boolean(mailer.listOutbox);
  const google: GoogleSetup | undefined =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: deps.googleIssuerForTests }
      : undefined;
  // better-auth takes ~0.5 s to load. It is imported after the server listens (start() warms it up),
  // so requests that need no session — health, the SPA, market data without a cookie — never wait for it.
  let runtime: Promise<AuthRuntime> | null = null;
  const getRuntime = () =>
    (runtime ??= Promise.all([import('./auth.ts'), import('./auth-mount.ts'), import('./session-reader.ts'), import('./better-auth-calls.ts')]).then(
      async ([{ createAuth }, { createAuthHandler }, { createSessionReader }, { createBetterAuthCalls }]) => {
        const auth = createAuth({ ctx, secret, mailer, google, hooks: deps });
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
  const handlers = createAuthHandlers({ env, mailer, googleEnabled: Boolean(google), outboxEnabled, getRuntime });

  const feature: Feature & { getAuth: () => Promise<Auth>; mailer: Mailer } = {
    name: 'auth',
    getAuth: async () => (await getRuntime()).auth,
    mailer,
    start() {
      getRuntime().catch((err) => ctx.logger.error({ err }, 'auth: better-auth failed to load'));
    },
    middleware(app) {
      app.use(OUTBOX_API_PATH, handlers.hideOutboxApi);
      app.use(OUTBOX_PAGE_PATH, handlers.hideOutboxPage);
      // Only API routes read the user: pages and static files skip this layer altogether.
      app.use('/api/*', handlers.loadSessionUser);
    },
    routes(app) {
      app.on(['GET', 'POST'], '/api/auth/*', handlers.forwardToBetterAuth);
      for (const route of betterAuthRoutes) app.openAPIRegistry.registerPath(route);
      app.openapi(getAuthConfigRoute, handlers.getAuthConfig);
      if (outboxEnabled) app.openapi(getOutboxRoute, handlers.listOutbox);
    },
    async stop() {
      await mailer.close?.();
    },
    describe: () => ({ mail: mailer.kind, google_sign_in: google ? 'enabled' : 'disabled' }),
  };
  return feature;
}
