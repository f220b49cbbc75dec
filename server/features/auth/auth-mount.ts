import type { Context } from 'hono';
import { z } from 'zod';
import type { Database } from '../../adapters/db/index.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { resolveClientIp } from '../../http/client-ip.ts';
import { unknownApiRouteError } from '../../http/errors.ts';
import { rateLimitedError } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/errors.ts';
import { AFTER_SIGN_UP_PATH, type Auth, AUTH_BASE_PATH, CLIENT_IP_HEADER, RESET_PASSWORD_PAGE } from './auth.ts';
import { checkPassword } from '../../../core/auth/password-policy.ts';
import { beginSignInAttempt, settleSignInAttempt, toAccountKey } from './sign-in-throttle-store.ts';

/** Shared answer of a sign-up, for new and already-registered e-mails alike (no account enumeration). */
const SIGN_UP_ANSWER = { status: true, message: 'Check your e-mail for a link to confirm your address.' };

const nameSchema = z.string().trim().min(1, 'Required').max(100, 'Use at most 100 characters');
const emailSchema = z.string().trim().max(254, 'Use at most 254 characters').pipe(z.email('Enter a valid e-mail address'));

/** better-auth error codes → the form field they concern. */
const fieldOfCode: Record<string, string> = {
  INVALID_EMAIL: 'email',
  INVALID_EMAIL_OR_PASSWORD: 'password',
  INVALID_PASSWORD: 'password',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_TOKEN: 'token',
  EMAIL_NOT_VERIFIED: 'email',
};

function fail(field: string, message: string, code: 'VALIDATION_FAILED' | 'WEAK_PASSWORD' = 'VALIDATION_FAILED'): never {
  throw new AppError(code, message, { field });
}

function parseOrFail<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const r = schema.safeParse(value);
  if (!r.success) fail(field, `${field}: ${r.error.issues[0]?.message ?? 'Invalid value'}`);
  return r.data;
}

function assertPassword(value: unknown, field: string, commonPasswords: ReadonlySet<string>): string {
  if (typeof value !== 'string' || value === '') fail(field, `${field}: Required`);
  const problem = checkPassword(value, commonPasswords);
  if (problem) throw new AppError('WEAK_PASSWORD', problem.message, { field, details: { reason: problem.code } });
  return value;
}

/**
 * Our rules on top of better-auth, applied before it sees the body: names and password policy, and
 * server-chosen redirect targets (a client never picks where a mail link or verification lands).
 */
function rewriteBody(path: string, body: Record<string, unknown>, commonPasswords: ReadonlySet<string>): Record<string, unknown> {
  switch (path) {
    case '/sign-up/email': {
      const email = parseOrFail(emailSchema, body.email, 'email');
      const password = assertPassword(body.password, 'password', commonPasswords);
      const firstName = parseOrFail(nameSchema, body.first_name, 'first_name');
      const lastName = parseOrFail(nameSchema, body.last_name, 'last_name');
      return { email, password, name: `${firstName} ${lastName}`, first_name: firstName, last_name: lastName, callbackURL: AFTER_SIGN_UP_PATH };
    }
    case '/sign-in/email':
      return { email: parseOrFail(emailSchema, body.email, 'email'), password: body.password, rememberMe: body.rememberMe };
    case '/reset-password':
      return { token: body.token, newPassword: assertPassword(body.newPassword, 'newPassword', commonPasswords) };
    case '/change-password':
      return {
        currentPassword: body.currentPassword,
        newPassword: assertPassword(body.newPassword, 'newPassword', commonPasswords),
        revokeOtherSessions: true,
      };
    case '/send-verification-email':
      return { email: parseOrFail(emailSchema, body.email, 'email'), callbackURL: AFTER_SIGN_UP_PATH };
    case '/request-password-reset':
      return { email: parseOrFail(emailSchema, body.email, 'email'), redirectTo: RESET_PASSWORD_PAGE };
    default:
      return body;
  }
}

const rewrittenPaths = new Set([
  '/sign-up/email',
  '/sign-in/email',
  '/reset-password',
  '/change-password',
  '/send-verification-email',
  '/request-password-reset',
]);

/**
 * The better-auth endpoints the app uses (auth.routes.ts documents them), by method. Every other one
 * (update-user, change-email, delete-user, list-sessions, link-social, …) answers as a path with no route:
 * they would write a user row past our rules (update-user took any name and image) or expose what the app
 * never shows, and nothing in the web calls them.
 */
const servedPaths: Record<string, ReadonlySet<string>> = {
  GET: new Set(['/get-session', '/verify-email', '/callback/google', '/error']),
  // Google may answer the callback with a form post.
  POST: new Set([...rewrittenPaths, '/sign-in/social', '/sign-out', '/callback/google']),
};

const isServedAuthPath = (method: string, path: string) => servedPaths[method]?.has(path) ?? false;

/** The path (e.g. `first_name`, `a.b`, `list.0`) of the first string holding a NUL, which PostgreSQL text cannot store. */
function findNulField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = findNulField(item, at);
    if (found) return found;
  }
  return null;
}

function refuseNul(field: string | null): void {
  if (field) throw new AppError('BAD_REQUEST', `${field}: must not contain the NUL character (U+0000).`, { field });
}

async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = await req.json();
  } catch {
    throw new AppError('INVALID_JSON', 'The request body is not valid JSON.', { field: 'body' });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new AppError('INVALID_JSON', 'The request body must be a JSON object.', { field: 'body' });
  return parsed as Record<string, unknown>;
}

/**
 * The password checks the per-account throttle counts (sign-in-throttle.ts), with the field each one's
 * password is in. They share one count per account: a guess costs the same whichever door it comes through.
 */
const throttledChecks: Record<string, { field: string }> = {
  '/sign-in/email': { field: 'password' },
  // Signed in already (a stolen session, an unlocked computer): the current password must not be guessable here either.
  '/change-password': { field: 'currentPassword' },
};

/** The same answer for every address, known or not, so it tells nothing about who has an account. */
const resetRequiredError = (field: string) =>
  new AppError(
    'FORBIDDEN',
    'Too many wrong passwords for this account: sign-in with the password is paused. Reset your password with the link we e-mail you (Forgot password?).',
    { field, details: { reason: 'password_reset_required' } },
  );

/** better-auth answers errors as {code, message}; the app's contract is {error: {code, message, field}}. */
async function normalizeResponse(path: string, res: Response): Promise<Response> {
  const type = res.headers.get('content-type') ?? '';
  // A dead verification link would land on the guarded /dashboard with ?error=…; send it to sign-in, which explains.
  const location = res.headers.get('location');
  if (path === '/verify-email' && location && /[?&]error=/.test(location)) {
    const headers = new Headers(res.headers);
    headers.set('location', '/login?error=verification_failed');
    return new Response(null, { status: res.status, headers });
  }
  if (res.status === 200 && path === '/sign-up/email') return withJson(res, 200, SIGN_UP_ANSWER);
  if (res.status < 400 || !type.includes('application/json')) return res;
  const data = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  if (res.status === 429) {
    // better-auth says when in X-Retry-After; the contract's header is Retry-After, as every other 429 sends.
    const seconds = Math.max(1, Math.ceil(Number(res.headers.get('x-retry-after')) || 1));
    const limited = withJson(res, 429, rateLimitedError('Too many attempts from this address.', seconds).toBody());
    limited.headers.set('Retry-After', String(seconds));
    return limited;
  }
  if (!data || typeof data !== 'object' || 'error' in data) return res;
  const code = (data.code ?? 'AUTH_ERROR').toUpperCase();
  const error: Record<string, string> = { code, message: data.message ?? 'Request failed.' };
  // Change-password's wrong password is the current one, not the new one.
  const field = path === '/change-password' && code === 'INVALID_PASSWORD' ? 'currentPassword' : fieldOfCode[code];
  if (field) error.field = field;
  return withJson(res, res.status, { error });
}

function withJson(res: Response, status: number, body: unknown): Response {
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status, headers });
}

interface AuthHandlerOptions {
  trustProxy: boolean;
  commonPasswords: ReadonlySet<string>;
  db: Database;
  now: () => Date;
}

/**
 * Hono handler for /api/auth/*: only the endpoints the app uses, no NUL in any field, our rules applied,
 * the per-account password throttle (sign-in and change-password), the client IP resolved; then
 * better-auth, its errors mapped. Expects `user` set when a session cookie is valid (forwardToBetterAuth).
 */
export function createAuthHandler(auth: Auth, options: AuthHandlerOptions) {
  return async (c: Context<AppEnv>) => {
    const req = c.req.raw;
    const path = c.req.path.slice(AUTH_BASE_PATH.length);
    if (!isServedAuthPath(req.method, path)) throw unknownApiRouteError(req.method, c.req.path);
    const url = new URL(req.url);
    for (const [key, value] of url.searchParams) refuseNul(key.includes('\u0000') ? key : findNulField(value, key));
    const headers = new Headers(req.headers);
    headers.set(CLIENT_IP_HEADER, resolveClientIp(c, options.trustProxy));
    let body: BodyInit | undefined;
    let accountKey: string | null = null;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const type = headers.get('content-type') ?? '';
      if (rewrittenPaths.has(path) && !type.includes('application/json')) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a JSON body (Content-Type: application/json).');
      }
      if (type.includes('application/json')) {
        const parsed = await readJsonObject(req);
        refuseNul(findNulField(parsed));
        const rewritten = rewrittenPaths.has(path) ? rewriteBody(path, parsed, options.commonPasswords) : parsed;
        const check = throttledChecks[path];
        // Sign-in: the e-mail typed. Change-password: the signed-in user's (no session: better-auth answers
        // 401 before any password is checked, so there is nothing to count).
        const email = path === '/sign-in/email' ? (rewritten.email as string) : c.get('user')?.email;
        if (check && email) {
          accountKey = toAccountKey(email);
          const verdict = await beginSignInAttempt(options.db, accountKey, options.now());
          if (verdict.kind === 'wait') throw rateLimitedError('Too many wrong passwords for this account.', verdict.retryAfterSeconds);
          if (verdict.kind === 'reset-required') throw resetRequiredError(check.field);
        }
        body = JSON.stringify(rewritten);
        headers.delete('content-length');
      } else {
        const bytes = await req.arrayBuffer();
        if (type.includes('application/x-www-form-urlencoded')) {
          for (const [key, value] of new URLSearchParams(new TextDecoder().decode(bytes))) refuseNul(key.includes('\u0000') ? key : findNulField(value, key));
        }
        body = bytes;
      }
    }
    let res: Response;
    try {
      res = await auth.handler(new Request(req.url, { method: req.method, headers, body }));
    } catch (err) {
      if (accountKey) await settleSignInAttempt(options.db, accountKey, 'not-checked');
      throw err;
    }
    if (accountKey) await settleSignInAttempt(options.db, accountKey, await readPasswordOutcome(path, res));
    return normalizeResponse(path, res);
  };
}

/**
 * What better-auth's answer says about the password: 200, or for sign-in EMAIL_NOT_VERIFIED (checked after
 * it), mean it was right; sign-in's 401 INVALID_EMAIL_OR_PASSWORD and change-password's 400 INVALID_PASSWORD
 * that it was wrong. Anything else (no session, a Google-only account, the per-client 429) checked none.
 */
async function readPasswordOutcome(path: string, res: Response): Promise<'right-password' | 'wrong-password' | 'not-checked'> {
  if (res.status === 200) return 'right-password';
  const code = await res
    .clone()
    .json()
    .then((d: { code?: string }) => d?.code)
    .catch(() => undefined);
  if (path === '/change-password') return res.status === 400 && code === 'INVALID_PASSWORD' ? 'wrong-password' : 'not-checked';
  if (res.status === 401 && code === 'INVALID_EMAIL_OR_PASSWORD') return 'wrong-password';
  if (res.status === 403 && code === 'EMAIL_NOT_VERIFIED') return 'right-password';
  return 'not-checked';
}
