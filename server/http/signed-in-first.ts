import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { App, AppEnv } from './app-env.ts';
import { DEFAULT_SIGNED_OUT_MESSAGE, requireUser, SESSION_COOKIE_SCHEME, SIGNED_OUT_MESSAGE_KEY } from './openapi.ts';

/** The 401 in front of a route's validators, with the message the route states (the spec fixes the profile's). */
const refuseSignedOut =
  (message: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    requireUser(c, message);
    await next();
  };

/** A route that needs a session (its `security` names the cookie) and states its 401 answer. */
const needsSignIn = (route: RouteConfig) =>
  route.responses[401] !== undefined && (route.security ?? []).some((requirement) => SESSION_COOKIE_SCHEME in requirement);

/**
 * Signed-in routes answer 401 before they look at the request: zod-openapi runs a route's validators
 * before its handler, so a signed-out client sending a bad body was told about the body (400) and learnt
 * the schema of a route it may not use. Wraps `app.openapi` once, before the features register their
 * routes, so every such route gets the check in front of its validators; routes that answer signed-out
 * clients on purpose (the avatar, 404 for anyone else's) declare no 401 and are left as they are.
 */
export function checkSignInBeforeValidation(app: App): void {
  const register = app.openapi;
  app.openapi = ((route: RouteConfig, ...rest: unknown[]) => {
    if (!needsSignIn(route)) return (register as (...a: unknown[]) => App)(route, ...rest);
    const own = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
    const stated = (route as Record<string, unknown>)[SIGNED_OUT_MESSAGE_KEY];
    const message = typeof stated === 'string' ? stated : DEFAULT_SIGNED_OUT_MESSAGE;
    return (register as (...a: unknown[]) => App)({ ...route, middleware: [refuseSignedOut(message), ...own] }, ...rest);
  }) as App['openapi'];
}
