import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Mailer } from '../../adapters/mail/index.ts';
import { isProduction } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { buildExistingAccountMail, buildResetMail, buildVerificationMail } from './mail-templates.ts';
import { reserveMailSlot } from './mail-throttle.ts';
import { authSchema } from './schema.ts';
import type { SessionHit } from './session-reader.ts';

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
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

const trimName = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : null);

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
        await sendThrottled('reset', buildResetMail({ to: user.email, name: user.name, url }));
      },
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
        await sendThrottled('verification', buildVerificationMail({ to: user.email, name: user.name, url }));
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
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
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
          after: async (user, endpoint) => {
            const body = (endpoint?.body ?? {}) as Record<string, unknown>;
            await hooks.saveNames?.(user.id, { firstName: trimName(body.first_name), lastName: trimName(body.last_name) });
            await hooks.onUserCreated?.(user.id);
          },
        },
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

/** better-auth's full getSession (it deletes an expired session and extends one due for it), as the session middleware's rare slow path. */
export async function readSessionThroughBetterAuth(auth: Auth, cookieHeader: string): Promise<SessionHit | null> {
  const found = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader }) });
  if (!found) return null;
  const u = found.user;
  return {
    user: { id: u.id, email: u.email, name: u.name, emailVerified: u.emailVerified, image: u.image ?? null },
    sessionId: found.session.id,
    expiresAtMs: new Date(found.session.expiresAt).getTime(),
  };
}
