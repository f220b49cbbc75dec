import { createRoute, z } from '@hono/zod-openapi';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '../../../core/auth/password-policy.ts';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

/*
 * The better-auth endpoints the web calls, and the only ones served (`auth-mount.ts` answers 404 for the
 * rest), as they answer through the mount (our field rules and the {error:{code,message,field}} shape). Documented only: better-auth serves them at /api/auth/*,
 * so these routes are registered in the document, never as handlers. Its own objects carry more
 * fields than listed (they are open objects); the listed ones are what the web relies on.
 */

const tags = ['accounts'];
const Email = z.string().max(254).openapi({ format: 'email', example: 'ada@example.com' });
const Password = z
  .string()
  .min(PASSWORD_MIN_CHARS)
  .max(PASSWORD_MAX_CHARS)
  .openapi({ description: 'Also refused when it is a common password (WEAK_PASSWORD)' });
const Name = z.string().min(1).max(100);
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const redirect = (description: string) => ({
  description,
  headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' as const } } },
});

const AuthUserSchema = z
  .looseObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AuthUser');

const AuthSessionSchema = z
  .object({
    user: AuthUserSchema,
    session: z.looseObject({ id: z.string(), userId: z.string(), expiresAt: z.string() }),
  })
  .openapi('AuthSession');

const StatusSchema = z.object({ status: z.boolean() });
const StatusMessageSchema = z.object({ status: z.boolean(), message: z.string() });

const getSessionRoute = createRoute({
  operationId: 'getSession',
  security: anyone,
  method: 'get',
  path: '/api/auth/get-session',
  tags,
  summary: 'The current session and its user; null when not signed in',
  responses: { 200: jsonContent(AuthSessionSchema.nullable(), 'Session, or null'), ...errorResponses(400) },
});

const signUpRoute = createRoute({
  operationId: 'signUpWithEmail',
  security: anyone,
  method: 'post',
  path: '/api/auth/sign-up/email',
  tags,
  summary: 'Creates an account and mails a verification link; the same answer whether or not the address was registered',
  request: { body: body(z.object({ email: Email, password: Password, first_name: Name, last_name: Name })) },
  responses: { 200: jsonContent(StatusMessageSchema, 'Check your e-mail'), ...errorResponses(400, 415, 429) },
});

const signInRoute = createRoute({
  operationId: 'signInWithEmail',
  security: anyone,
  method: 'post',
  path: '/api/auth/sign-in/email',
  tags,
  summary: 'Signs in with e-mail and password; sets the session cookie',
  description:
    'Throttled per e-mail typed, with the same answers whether or not an account has it: 5 wrong passwords are free, ' +
    'then each attempt waits a doubling back-off (1 s up to 15 min: 429 RATE_LIMITED with Retry-After); from 20 wrong ' +
    'passwords (forgotten a day after the last) sign-in answers 403 FORBIDDEN (details.reason `password_reset_required`) ' +
    'until the password is reset through the mailed link. A right password clears the count.',
  request: { body: body(z.object({ email: Email, password: z.string(), rememberMe: z.boolean().optional() })) },
  responses: {
    200: jsonContent(z.looseObject({ redirect: z.boolean(), token: z.string(), user: AuthUserSchema }), 'Signed in (Set-Cookie carries the session)'),
    ...errorResponses(400, 401, 403, 415, 429),
  },
});

const signInSocialRoute = createRoute({
  operationId: 'signInWithGoogle',
  security: anyone,
  method: 'post',
  path: '/api/auth/sign-in/social',
  tags,
  summary: "Starts Google's consent screen (only when Google sign-in is configured); the browser goes to `url`",
  request: {
    body: body(
      z.object({
        provider: z.literal('google'),
        callbackURL: z.string().optional(),
        newUserCallbackURL: z.string().optional(),
        errorCallbackURL: z.string().optional(),
      }),
    ),
  },
  responses: { 200: jsonContent(z.looseObject({ url: z.string(), redirect: z.boolean() }), "Google's authorization URL"), ...errorResponses(400, 404) },
});

const googleCallbackRoute = createRoute({
  operationId: 'completeGoogleSignIn',
  security: anyone,
  method: 'get',
  path: '/api/auth/callback/google',
  tags,
  summary: 'Where Google sends the browser back; signs in (or links the account) and redirects into the app',
  request: { query: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }) },
  responses: { 302: redirect('Signed in: to the callback URL; failed: to the error callback URL'), ...errorResponses(400) },
});

const signOutRoute = createRoute({
  operationId: 'signOut',
  security: anyone,
  method: 'post',
  path: '/api/auth/sign-out',
  tags,
  summary: 'Ends the session (clears the cookie); succeeds without one too',
  responses: { 200: jsonContent(z.object({ success: z.boolean() }), 'Signed out'), ...errorResponses(400) },
});

const sendVerificationEmailRoute = createRoute({
  operationId: 'sendVerificationEmail',
  security: anyone,
  method: 'post',
  path: '/api/auth/send-verification-email',
  tags,
  summary: 'Mails a new verification link (throttled per address)',
  request: { body: body(z.object({ email: Email })) },
  responses: { 200: jsonContent(StatusSchema, 'Sent, or silently skipped'), ...errorResponses(400, 415, 429) },
});

const verifyEmailRoute = createRoute({
  operationId: 'verifyEmail',
  security: anyone,
  method: 'get',
  path: '/api/auth/verify-email',
  tags,
  summary: 'The link in the verification mail: verifies the address, signs in once and redirects to /dashboard',
  request: { query: z.object({ token: z.string(), callbackURL: z.string().optional() }) },
  responses: { 302: redirect('Verified: /dashboard (with the session cookie); a bad or used link: /login?error=verification_failed'), ...errorResponses(400) },
});

const requestPasswordResetRoute = createRoute({
  operationId: 'requestPasswordReset',
  security: anyone,
  method: 'post',
  path: '/api/auth/request-password-reset',
  tags,
  summary: 'Mails a password-reset link; the same answer whether or not the address is registered',
  request: { body: body(z.object({ email: Email })) },
  responses: { 200: jsonContent(StatusMessageSchema, 'Check your e-mail'), ...errorResponses(400, 415, 429) },
});

const resetPasswordRoute = createRoute({
  operationId: 'resetPassword',
  security: anyone,
  method: 'post',
  path: '/api/auth/reset-password',
  tags,
  summary: 'Sets a new password with the token from the reset mail (once; it expires)',
  request: { body: body(z.object({ token: z.string(), newPassword: Password })) },
  responses: { 200: jsonContent(StatusSchema, 'Password changed'), ...errorResponses(400, 415, 429) },
});

const changePasswordRoute = createRoute({
  operationId: 'changePassword',
  security: signedIn,
  method: 'post',
  path: '/api/auth/change-password',
  tags,
  summary: 'Changes the password of the signed-in user and signs out their other sessions',
  description:
    'A wrong current password (400 INVALID_PASSWORD) counts against the same per-account throttle as sign-in, in one ' +
    'count with wrong sign-in passwords: 5 are free, then 429 RATE_LIMITED with Retry-After (1 s doubling up to 15 min); ' +
    'from 20, 403 FORBIDDEN (details.reason `password_reset_required`, field `currentPassword`) until the password is ' +
    'reset through the mailed link. A right current password clears the count.',
  request: { body: body(z.object({ currentPassword: z.string(), newPassword: Password })) },
  responses: {
    200: jsonContent(z.looseObject({ token: z.string().nullable(), user: AuthUserSchema }), 'Changed; a new session token is set'),
    ...errorResponses(400, 401, 403, 415, 429),
  },
});

export const betterAuthRoutes = [
  getSessionRoute,
  signUpRoute,
  signInRoute,
  signInSocialRoute,
  googleCallbackRoute,
  signOutRoute,
  sendVerificationEmailRoute,
  verifyEmailRoute,
  requestPasswordResetRoute,
  resetPasswordRoute,
  changePasswordRoute,
];

// What the web imports (type-only) instead of copying.
export type AuthUser = z.infer<typeof AuthUserSchema>;
export type AuthSessionResponse = z.infer<typeof AuthSessionSchema> | null;
export type SignUpRequest = z.infer<(typeof signUpRoute.request.body.content)['application/json']['schema']>;
export type SignInRequest = z.infer<(typeof signInRoute.request.body.content)['application/json']['schema']>;
export type SignInResponse = z.infer<(typeof signInRoute.responses)[200]['content']['application/json']['schema']>;
export type SignInSocialRequest = z.infer<(typeof signInSocialRoute.request.body.content)['application/json']['schema']>;
export type SignInSocialResponse = z.infer<(typeof signInSocialRoute.responses)[200]['content']['application/json']['schema']>;
export type StatusResponse = z.infer<typeof StatusSchema>;
export type StatusMessageResponse = z.infer<typeof StatusMessageSchema>;
export type SignOutResponse = z.infer<(typeof signOutRoute.responses)[200]['content']['application/json']['schema']>;
export type ChangePasswordResponse = z.infer<(typeof changePasswordRoute.responses)[200]['content']['application/json']['schema']>;

/* Our own auth routes: the configuration the UI reads and, outside production, the mail outbox. */

const AuthConfigSchema = z
  .object({
    providers: z.object({ email: z.boolean(), google: z.boolean() }),
    mail: z.enum(['smtp', 'outbox']).openapi({ description: '`outbox`: mails are stored and listed at /dev/outbox instead of being sent' }),
    outbox_readable: z.boolean().openapi({ description: 'Whether this client may open /dev/outbox (loopback clients only, unless DEV_OUTBOX_PUBLIC=true)' }),
    password: z.object({ min_chars: z.number().int(), max_chars: z.number().int() }),
  })
  .openapi('AuthConfig');

export const getAuthConfigRoute = createRoute({
  operationId: 'getAuthConfig',
  security: anyone,
  method: 'get',
  path: '/api/auth-config',
  tags: ['accounts'],
  summary: 'Which sign-in methods are enabled, where mails go, password length bounds',
  responses: { 200: jsonContent(AuthConfigSchema, 'Auth configuration') },
});

const OutboxSchema = z
  .object({
    mails: z.array(z.object({ id: z.number().int(), to: z.string(), subject: z.string(), text: z.string(), links: z.array(z.string()), sent_at: z.string() })),
  })
  .openapi('Outbox');

export const OUTBOX_API_PATH = '/api/dev/outbox';
export const OUTBOX_PAGE_PATH = '/dev/outbox';

export const getOutboxRoute = createRoute({
  operationId: 'listOutboxMails',
  security: anyone,
  method: 'get',
  path: OUTBOX_API_PATH,
  tags: ['dev'],
  summary: 'Mails stored by the outbox (not in production; loopback clients only unless DEV_OUTBOX_PUBLIC=true)',
  request: { query: z.object({ to: z.string().optional().openapi({ description: 'Only mails to this address' }) }) },
  responses: {
    200: jsonContent(OutboxSchema, 'Newest first, at most 100'),
    // The same 404 an unknown path gets: in production and to clients beyond loopback the outbox does not exist.
    ...errorResponses(404),
  },
});

export type AuthConfigResponse = z.infer<typeof AuthConfigSchema>;
export type OutboxResponse = z.infer<typeof OutboxSchema>;
export type OutboxMail = OutboxResponse['mails'][number];
