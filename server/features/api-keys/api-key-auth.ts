import type { MiddlewareHandler } from 'hono';
import { findCredentialInQuery, isWellFormedApiKey, readBearerToken } from '../../../core/public-api/api-key-format.ts';
import type { ApiKeyScope } from '../../../core/public-api/limits.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { rateLimitedError } from '../../http/rate-limit.ts';
import { setHeadersOnAnswer } from '../../http/security.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import { type ApiKeysService, invalidKeyError } from './api-keys-service.ts';

const WWW_AUTHENTICATE = 'Bearer realm="Stockpilot API"';

/** Which scope (and rate window) a request needs, from its method and path. */
export type ScopeOf = (method: string, path: string) => ApiKeyScope;

/**
 * Authenticates every request under its mount with `Authorization: Bearer <key>` (the session cookie is
 * ignored), refuses credentials in the query string before anything else, and answers with the IETF
 * draft's `RateLimit-Limit`/`-Remaining`/`-Reset` on every response to a valid key (plus `Retry-After` on 429).
 * Headers are read with `c.req.header()` only.
 */
export function createApiKeyMiddleware(service: ApiKeysService, scopeOf: ScopeOf): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Only a URL with a query string can carry a key in it (and only then is it worth parsing).
    const inQuery = c.req.url.includes('?') ? findCredentialInQuery(flattenQueries(c.req.queries())) : null;
    if (inQuery) {
      throw new AppError(
        'API_KEY_IN_QUERY',
        'Send API keys only in the Authorization header (Authorization: Bearer sp_live_…), never in the URL, where proxies and browser history keep them. If this was a real key, revoke it in Settings → API keys.',
        { field: inQuery },
      );
    }
    const header = c.req.header('authorization');
    if (!header) {
      c.header('WWW-Authenticate', WWW_AUTHENTICATE);
      throw new AppError('UNAUTHORIZED', 'Send your API key in the Authorization header: Authorization: Bearer sp_live_…');
    }
    const key = readBearerToken(header);
    const scope = scopeOf(c.req.method, c.req.path);
    let auth: Awaited<ReturnType<ApiKeysService['authenticateKey']>>;
    try {
      if (!key || !isWellFormedApiKey(key)) throw invalidKeyError();
      auth = await service.authenticateKey(key, scope);
    } catch (e) {
      if (isAppError(e) && e.code === 'INVALID_API_KEY') c.header('WWW-Authenticate', `${WWW_AUTHENTICATE}, error="invalid_token"`);
      throw e;
    }
    const { limit, hit } = auth;
    // Set before the handler runs, on the socket when there is one: its answer and any error answer carry them.
    setHeadersOnAnswer(c, [
      ['RateLimit-Limit', String(limit)],
      ['RateLimit-Remaining', String(Math.max(0, limit - hit.hits))],
      ['RateLimit-Reset', String(hit.resetSeconds)],
    ]);
    if (hit.hits > limit) throw rateLimitedError(`This key has made its ${limit} ${scope} requests of this minute.`, hit.resetSeconds);
    c.set('apiCaller', auth.caller);
    await next();
  };
}

const flattenQueries = (queries: Record<string, string[]>) => Object.fromEntries(Object.entries(queries).map(([k, v]) => [k, v.join('&')]));

/** The caller a v1 handler serves; the middleware guarantees it under /api/v1. */
export function requireApiCaller(c: { get(key: 'apiCaller'): AppEnv['Variables']['apiCaller'] }) {
  const caller = c.get('apiCaller');
  if (!caller) throw invalidKeyError();
  return caller;
}
