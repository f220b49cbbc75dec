import type { Context, MiddlewareHandler, Next } from 'hono';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '../../../core/auth/password-policy.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Env } from '../../env.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { isLoopbackAddress, resolveClientIp } from '../../http/client-ip.ts';
import { unknownApiRouteError } from '../../http/errors.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { getAuthConfigRoute, getOutboxRoute } from './auth.routes.ts';
import type { AuthService } from './auth-service.ts';

interface AuthHandlerDeps {
  env: Env;
  mailer: Mailer;
  googleEnabled: boolean;
  outboxEnabled: boolean;
}

export function createAuthHandlers(service: AuthService, { env, mailer, googleEnabled, outboxEnabled }: AuthHandlerDeps) {
  // better-auth, loaded on first use (auth-service.ts).
  const { getRuntime } = service;
  // The outbox holds every sign-in and password-reset link: it is for the developer's own machine
  // (unless DEV_OUTBOX_PUBLIC), and to anyone else it looks like a path that does not exist.
  const outboxOpen = (c: Context<AppEnv>) => outboxEnabled && (env.DEV_OUTBOX_PUBLIC || isLoopbackAddress(resolveClientIp(c, env.TRUST_PROXY)));

  const hideOutboxApi: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!outboxOpen(c)) throw unknownApiRouteError(c.req.method, c.req.path);
    await next();
  };

  const hideOutboxPage: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!outboxOpen(c)) c.set('pageHidden', true);
    await next();
  };

  const readSessionInto = async (c: Context<AppEnv>, next: Next, cookie: string) => {
    const { sessions } = await getRuntime();
    const session = await sessions.readSession(cookie);
    if (session) {
      c.set('user', session.user);
      c.set('sessionId', session.sessionId);
    }
    await next();
  };

  /** Fills the user only when a valid session cookie exists; never resets what earlier middleware set. */
  const loadSessionUser: MiddlewareHandler<AppEnv> = (c, next) => {
    const cookie = c.req.header('cookie');
    const path = c.req.path;
    // Only API routes read the user (index.ts mounts this on /api/*); better-auth reads its own cookies under /api/auth.
    if (cookie?.includes('session_token=') && path.startsWith('/api/') && !path.startsWith('/api/auth/')) return readSessionInto(c, next, cookie);
    return next();
  };

  const forwardToBetterAuth = async (c: Context<AppEnv>) => {
    const { handler, sessions } = await getRuntime();
    // better-auth knows a session's absolute expiry, not the idle timeout: the reader deletes a session idle
    // too long (or expired) before better-auth looks, and records this use of a live one.
    // The user is kept for the per-account throttle of change-password (auth-mount.ts).
    const cookie = c.req.header('cookie');
    if (cookie?.includes('session_token=')) {
      const session = await sessions.readSession(cookie);
      if (session) c.set('user', session.user);
    }
    try {
      return await handler(c);
    } finally {
      // Sign-out, password change or reset, revoking sessions, e-mail changes: this process forgets its
      // cached sessions at once (the others within SESSION_REVOCATION_MS, see session-reader.ts).
      if (c.req.method !== 'GET') sessions.forgetAll();
    }
  };

  const getAuthConfig: AppRouteHandler<typeof getAuthConfigRoute> = (c) =>
    c.json(
      {
        providers: { email: true, google: googleEnabled },
        mail: mailer.kind,
        outbox_readable: outboxOpen(c),
        password: { min_chars: PASSWORD_MIN_CHARS, max_chars: PASSWORD_MAX_CHARS },
      },
      200,
    );

  const listOutbox: AppRouteHandler<typeof getOutboxRoute> = async (c) => {
    const { to } = c.req.valid('query');
    return c.json({ mails: (await mailer.listOutbox?.({ limit: 100, to })) ?? [] }, 200);
  };

  return { hideOutboxApi, hideOutboxPage, loadSessionUser, forwardToBetterAuth, getAuthConfig, listOutbox };
}
