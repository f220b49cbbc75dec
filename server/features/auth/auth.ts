import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Mailer } from '../../adapters/mail/index.ts';
import { isProduction } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { buildExistingAccountMail, buildResetMail, buildVerificationMail } from './mail-templates.ts';
import { reserveMailSlot } from './mail-throttle.ts';
import { forgetSignInFailures, toAccountKey } from './sign-in-throttle-store.ts';
import { authSchema } from './schema.ts';

/** The request header our mount sets to the client IP it resolved (any client-sent value is dropped first). */
export const CLIENT_IP_HEADER = 'x-stockpilot-client-ip';
export const AUTH_BASE_PATH = '/api/auth';
export const AFTER_SIGN_UP_PATH = '/dashboard';
export const RESET_PASSWORD_PAGE = '/auth/reset-password';

export interface Names {
  firstName: string | null;
  lastName: string | null;
}

export interface AuthHooks {
  /** Called once after a user row is created (e.g. the token ledger opens the account). */
  onUserCreated?: (userId: string) => Promise<void>;
  /** Stores names from sign-up or the identity provider; keeps names that are already set. */
  saveNames?: (userId: string, names: Names) => Promise<void>;
}

export interface GoogleSetup {
  clientId: string;
  clientSecret: string;
  /** Test only: an OIDC issuer standing in for Google (better-auth's Google provider hard-codes Google's URLs). */
  issuer?: string;
}

// argon2id with OWASP's second recommended profile (19 MiB, t=2, p=1).
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Decodes a JWT's payload without verifying it: only for ID tokens better-auth has just verified or fetched from the token endpoint. */
function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

const trimName = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : null);

/** The account name is "first last", each at most 100 characters (PATCH /api/profile and sign-up check them). */
const USER_NAME_MAX_CHARS = 201;
const isAcceptedImage = (v: string) => v.length <= 2048 && (/^https:\/\/[^\s]+$/.test(v) || v.startsWith('/api/profile/avatar/'));

/**
 * The last guard on what better-auth writes to a user row, whichever path it came by (sign-up, Google, a
 * future endpoint): the name within the profile's bounds, the image an https URL or our avatar path.
 */
export function normalizeUserFields<T extends { name?: unknown; image?: unknown }>(data: T): T {
  const out = { ...data };
  if (typeof out.name === 'string') out.name = out.name.trim().slice(0, USER_NAME_MAX_CHARS);
  if (out.image !== undefined && out.image !== null && !(typeof out.image === 'string' && isAcceptedImage(out.image))) out.image = null;
  return out;
}

export function createAuth(options: { ctx: AppContext; secret: string; mailer: Mailer; google?: GoogleSetup; hooks: AuthHooks }) {
  const { ctx, mailer, google, hooks } = options;
  const { env, logger } = ctx;
  const baseUrl = env.BASE_URL.replace(/\/$/, '');
  const production = isProduction(env);

  /** Sends unless this address already got 3 mails in the last minute; the HTTP answer does not change either way. */
  const sendThrottled = async (kind: string, message: Parameters<Mailer['send']>[0]) => {
    if (!(await reserveMailSlot(ctx.db, message.to, kind, ctx.now()))) {
      logger.warn({ to: message.to, kind }, 'mail dropped: more than 3 to this address within 60 s');
      return;
    }
    await mailer.send(message);
  };

  const useGenericGoogle = Boolean(google?.issuer);
  const auth = betterAuth({
    appName: 'Stockpilot',
    baseURL: baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: [baseUrl],
    telemetry: { enabled: false },
    logger: { disabled: env.LOG_LEVEL === 'silent', level: 'warn' },
    database: drizzleAdapter(ctx.db.orm, { provider: 'pg', schema: authSchema }),
    verification: { storeIdentifier: 'hashed' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      // Our own rules (password-policy.ts) run before better-auth; these bounds only back them up.
      minPasswordLength: 8,
      maxPasswordLength: 1024,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => argon2Hash(password, argon2Options),
        verify: ({ hash, password }) => argon2Verify(hash, password),
      },
      sendResetPassword: async ({ user, token }) => {
        const url = `${baseUrl}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
        // Whoever signed up with an address chose its name: until the owner confirms it, the name is not theirs to read.
        await sendThrottled('reset', buildResetMail({ to: user.email, name: user.emailVerified ? user.name : '', url }));
      },
      // The owner proved they read the address: the per-account sign-in throttle starts over.
      onPasswordReset: async ({ user }) => forgetSignInFailures(ctx.db, toAccountKey(user.email)),
      onExistingUserSignUp: async ({ user }) => {
        if (!user.emailVerified) {
          // The owner never confirmed: a fresh verification link is the useful answer.
          await auth.api.sendVerificationEmail({ body: { email: user.email, callbackURL: AFTER_SIGN_UP_PATH } });
          return;
        }
        await sendThrottled(
          'existing',
          buildExistingAccountMail({ to: user.email, name: user.name, loginUrl: `${baseUrl}/login`, resetUrl: `${baseUrl}/forgot-password` }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        // Never a name: anyone can sign up with someone else's address and choose the name this mail would greet.
        await sendThrottled('verification', buildVerificationMail({ to: user.email, url }));
      },
    },
    socialProviders:
      google && !useGenericGoogle ? { google: { clientId: google.clientId, clientSecret: google.clientSecret, accessType: 'offline', prompt: 'consent' } } : {},
    plugins: google?.issuer
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: `${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                accessType: 'offline',
                prompt: 'consent',
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    account: {
      // Link Google to an existing password account only when Google vouches for the address.
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    // Absolute lifetime: expires_at is set at sign-in and never extended. The idle timeout is the session
    // reader's (session-reader.ts), which every request with a session cookie passes, /api/auth/* included.
    session: { expiresIn: env.SESSION_ABSOLUTE_TIMEOUT_HOURS * 60 * 60, disableSessionRefresh: true },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/*': { window: 10, max: 3 },
        '/sign-up/*': { window: 10, max: 3 },
        '/change-password': { window: 10, max: 3 },
        // Per-address mail limits are enforced by sendThrottled; these cap one client's requests.
        '/request-password-reset': { window: 60, max: 10 },
        '/send-verification-email': { window: 60, max: 10 },
        '/get-session': false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: production,
      cookiePrefix: 'stockpilot',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: production },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: normalizeUserFields(user) }),
          after: async (user, endpoint) => {
            const body = (endpoint?.body ?? {}) as Record<string, unknown>;
            await hooks.saveNames?.(user.id, { firstName: trimName(body.first_name), lastName: trimName(body.last_name) });
            await hooks.onUserCreated?.(user.id);
          },
        },
        update: { before: async (user) => ({ data: normalizeUserFields(user) }) },
      },
      account: {
        create: {
          after: async (account) => {
            if (account.providerId !== 'google' || !account.idToken) return;
            const claims = decodeJwtPayload(account.idToken);
            if (!claims) return;
            await hooks.saveNames?.(account.userId, { firstName: trimName(claims.given_name), lastName: trimName(claims.family_name) });
          },
        },
      },
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
