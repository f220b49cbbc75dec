import { readFileSync } from 'node:fs';
import type { Context } from 'hono';
import { join } from 'node:path';
import { createMailer, type Mailer } from '../../adapters/mail/index.ts';
import { isProduction } from '../../env.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { isLoopbackAddress, resolveClientIp } from '../../http/client-ip.ts';
import { unknownApiRouteError } from '../../http/errors.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { Auth, AuthHooks, GoogleSetup } from './auth.ts';
import { getAuthConfigRoute, getOutboxRoute, OUTBOX_API_PATH, OUTBOX_PAGE_PATH } from './auth.routes.ts';
import { betterAuthRoutes } from './better-auth.routes.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, parseCommonPasswords } from '../../../core/auth/password-policy.ts';

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
  let runtime: Promise<{ auth: Auth; handler: ReturnType<typeof import('./auth-mount.ts').createAuthHandler> }> | null = null;
  const getRuntime = () =>
    (runtime ??= Promise.all([import('./auth.ts'), import('./auth-mount.ts')]).then(([{ createAuth }, { createAuthHandler }]) => {
      const auth = createAuth({ ctx, secret, mailer, google, hooks: deps });
      // The 18k-entry password list is parsed here too, off the start-up path.
      return { auth, handler: createAuthHandler(auth, { trustProxy: env.TRUST_PROXY, commonPasswords: loadCommonPasswords(ctx.appRoot) }) };
    }));

  const feature: Feature & { getAuth: () => Promise<Auth>; mailer: Mailer } = {
    name: 'auth',
    getAuth: async () => (await getRuntime()).auth,
    mailer,
    start() {
      getRuntime().catch((err) => ctx.logger.error({ err }, 'auth: better-auth failed to load'));
    },
    middleware(app) {
      // The outbox holds every sign-in and password-reset link: it is for the developer's own machine
      // (unless DEV_OUTBOX_PUBLIC), and to anyone else it looks like a path that does not exist.
      const outboxOpen = (c: Context<AppEnv>) =>
        outboxEnabled && (env.DEV_OUTBOX_PUBLIC || isLoopbackAddress(resolveClientIp(c, env.TRUST_PROXY)));
      app.use(OUTBOX_API_PATH, async (c, next) => {
        if (!outboxOpen(c)) throw unknownApiRouteError(c.req.method, c.req.path);
        await next();
      });
      app.use(OUTBOX_PAGE_PATH, async (c, next) => {
        if (!outboxOpen(c)) c.status(404);
        await next();
      });
      // Fills the user only when a valid session cookie exists; never resets what earlier middleware set.
      app.use('*', async (c, next) => {
        const cookie = c.req.header('cookie');
        const path = c.req.path;
        // better-auth reads its own cookies under /api/auth; hashed static files never need a user.
        if (cookie?.includes('session_token=') && !path.startsWith('/api/auth/') && !path.startsWith('/assets/')) {
          const { auth } = await getRuntime();
          const session = await auth.api.getSession({ headers: c.req.raw.headers });
          if (session) {
            const u = session.user;
            c.set('user', { id: u.id, email: u.email, name: u.name, emailVerified: u.emailVerified, image: u.image ?? null });
            c.set('sessionId', session.session.id);
          }
        }
        await next();
      });
    },
    routes(app) {
      app.on(['GET', 'POST'], '/api/auth/*', async (c) => (await getRuntime()).handler(c));
      for (const route of betterAuthRoutes) app.openAPIRegistry.registerPath(route);
      app.openapi(getAuthConfigRoute, (c) =>
        c.json(
          {
            providers: { email: true, google: Boolean(google) },
            mail: mailer.kind,
            password: { min_chars: PASSWORD_MIN_CHARS, max_chars: PASSWORD_MAX_CHARS },
          },
          200,
        ),
      );
      if (outboxEnabled && mailer.listOutbox) {
        const list = mailer.listOutbox;
        app.openapi(getOutboxRoute, async (c) => {
          const { to } = c.req.valid('query');
          return c.json({ mails: await list({ limit: 100, to }) }, 200);
        });
      }
    },
    async stop() {
      await mailer.close?.();
    },
    describe: () => ({ mail: mailer.kind, google_sign_in: google ? 'enabled' : 'disabled' }),
  };
  return feature;
}
