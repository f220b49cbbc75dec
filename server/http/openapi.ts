import { API_KEY_SCHEME } from '../../core/public-api/openapi-names.ts';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AppError } from '../lib/errors.ts';
import type { AppEnv, SessionUser } from './app-env.ts';

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'VALIDATION_FAILED' }),
      message: z.string(),
      field: z.string().optional(),
      details: z.unknown().optional(),
    }),
  })
  .openapi('Error');

const errorContent = { 'application/json': { schema: ErrorSchema } };

/** Standard error responses to spread into a route's `responses`. */
export function errorResponses(...statuses: Array<400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 501 | 502 | 503>) {
  const description: Record<number, string> = {
    400: 'Bad input; `error.field` names the field at fault',
    401: 'Not signed in',
    402: 'Not enough tokens (INSUFFICIENT_TOKENS)',
    403: 'Not allowed',
    404: 'Not found',
    409: 'Conflict',
    413: 'Body too large',
    415: 'Not a JSON body (UNSUPPORTED_MEDIA_TYPE)',
    422: 'Well-formed but unprocessable',
    429: 'Rate limited',
    501: 'Not configured on this server (NOT_CONFIGURED)',
    502: 'The upstream provider failed (UPSTREAM_ERROR)',
    503: 'Temporarily unavailable',
  };
  return Object.fromEntries(statuses.map((s) => [s, { description: description[s]!, content: errorContent }]));
}

/** The better-auth session cookie (`__Secure-` prefixed in production), the one credential of the API. */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';
export const sessionCookieScheme = {
  type: 'apiKey',
  in: 'cookie',
  name: 'stockpilot.session_token',
  description: 'Session cookie set by `POST /api/auth/sign-in/email`; named `__Secure-stockpilot.session_token` in production.',
} as const;
/** Per-operation `security`: the operation needs a signed-in user. */
export const signedIn = [{ [SESSION_COOKIE_SCHEME]: [] }];
/** The public API's credential (issue 18): a Pro user's key from Settings → API keys, as `Authorization: Bearer sp_live_…`. */
export { API_KEY_SCHEME };
export const apiKeyScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'sp_live_…',
  description:
    'An API key created in Settings → API keys (Pro plan), sent as `Authorization: Bearer sp_live_…`. Never in the query string: such requests are refused (400 API_KEY_IN_QUERY).',
} as const;
/** Per-operation `security`: the operation needs an API key (every /api/v1 route). */
export const withApiKey = [{ [API_KEY_SCHEME]: [] }];
/** Per-operation `security`: anyone may call it (a session, if sent, is ignored or optional). */
export const anyone = [];

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The 401 message of signed-in routes; a route may state its own (`SIGNED_OUT_MESSAGE_KEY`, e.g. the profile's, from SPEC §8). */
export const DEFAULT_SIGNED_OUT_MESSAGE = 'Sign in to continue.';
/** An OpenAPI extension on a route: the message its 401 answer carries, shown in the document too. */
export const SIGNED_OUT_MESSAGE_KEY = 'x-signed-out-message';

/** The signed-in user, or UNAUTHORIZED. */
export function requireUser(c: Context<AppEnv>, signedOutMessage = DEFAULT_SIGNED_OUT_MESSAGE): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHORIZED', signedOutMessage);
  return user;
}
