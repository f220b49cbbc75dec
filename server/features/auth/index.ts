import { createMailer, type Mailer } from '../../adapters/mail/index.ts';
import { isProduction } from '../../env.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { Auth, AuthHooks, GoogleSetup } from './auth.ts';
import { createAuthHandlers } from './auth.handlers.ts';
import { betterAuthRoutes, getAuthConfigRoute, getOutboxRoute, OUTBOX_API_PATH, OUTBOX_PAGE_PATH } from './auth.routes.ts';
import { createAuthService } from './auth-service.ts';
import { resolveAuthSecret } from './auth-secret.ts';

export type { Names } from './auth.ts';
export { loadCommonPasswords, RECENT_SIGN_IN_MS, type Reauthentication } from './auth-service.ts';
// The account feature's export and deletion (data rights): the account row, and its removal.
export { deleteUserRow, insertPseudonymousUser, readAccountForExport } from './auth-store.ts';

interface AuthFeatureDeps extends AuthHooks {
  /** Test only: an OIDC issuer that stands in for Google (with GOOGLE_CLIENT_ID/SECRET set). */
  googleIssuerForTests?: string;
  mailer?: Mailer;
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
  const service = createAuthService({ ctx, secret, mailer, google, hooks: deps });
  const handlers = createAuthHandlers(service, { env, mailer, googleEnabled: Boolean(google), outboxEnabled });

  const feature: Feature & {
    getAuth: () => Promise<Auth>;
    mailer: Mailer;
    reauthenticate: typeof service.reauthenticate;
    hasPassword: typeof service.hasPassword;
  } = {
    name: 'auth',
    getAuth: service.getAuth,
    mailer,
    reauthenticate: service.reauthenticate,
    hasPassword: service.hasPassword,
    warm() {
      service.getRuntime().catch((err) => ctx.logger.error({ err }, 'auth: better-auth failed to load'));
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
    // Sign-in needs better-auth and the common-password list (a data file the build must carry).
    checkReady: async () => [
      await service.getRuntime().then(
        () => ({ part: 'auth', ok: true, detail: 'sign-in loaded (better-auth, the common-password list)' }),
        (err: Error) => ({ part: 'auth', ok: false, detail: err.message }),
      ),
    ],
  };
  return feature;
}
