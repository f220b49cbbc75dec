import { z } from 'zod';

/**
 * The only place that reads `process.env`. Parsed once at start-up; everything else receives `Env`.
 * Empty strings count as unset so `FOO=` in a shell behaves like no FOO at all.
 */
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  BASE_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  PGLITE_DIR: z.string().default('.data/pglite'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: optionalString,
  /** Behind a reverse proxy: take the client IP from the last X-Forwarded-For hop (rate limits) instead of the socket. */
  TRUST_PROXY: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().default(false)),
  SMTP_URL: optionalUrl,
  /** Serve the dev outbox (/dev/outbox, /api/dev/outbox) beyond loopback clients, e.g. to a host outside a dev container. */
  DEV_OUTBOX_PUBLIC: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().default(false)),
  MAIL_FROM: z.string().default('Stockpilot <no-reply@stockpilot.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_BASIC: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  /** Stripe API base override (tests: a local Stripe-compatible server), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: optionalUrl,
  /** `sandbox`: allow the sandbox checkout in production (a demo that takes no real money); otherwise production requires Stripe. */
  PAYMENTS: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sandbox']).optional()),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  /** Milliseconds one model call may take (a streamed chat: the longest silence) before it counts as timed out and is retried once. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  SEC_USER_AGENT: optionalString,
  MARKET_PROVIDER: z.enum(['bundled', 'live']).default('bundled'),
  WEB_DIST_DIR: z.string().default('dist/web'),
  /** Build the screener's table (the shared universe read) 1 s after start; unset: on, except under NODE_ENV=test. */
  SCREENER_WARM_UP: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
  /** Pepper of the API keys' HMAC-SHA-256 hashes (≥ 32 chars). Unset: derived from AUTH_SECRET in production, generated once per database elsewhere. */
  API_KEY_PEPPER: optionalString,
  /** The track record's point-in-time backtest on start (seeds /track-record on a fresh install; later starts do only new months). Unset: on, except under NODE_ENV=test. */
  TRACK_RECORD_BACKTEST: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
  /** How many month-ends the backtest reaches back (unset: 60, five years). */
  TRACK_RECORD_BACKTEST_MONTHS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(120).optional()),
  /** The shell user, recorded as the actor of operator commands (`operator:<USER>`). */
  USER: optionalString,
  /** A revoked session is refused on every app process within this many ms (how stale a process's view of session revocations may be). */
  SESSION_REVOCATION_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** A session ends this many hours after sign-in, however much it is used (never extended). Default 720 (30 days). */
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(720),
  /** A session not used for this many minutes ends (no request carried its cookie). Default 10080 (7 days); at most the absolute timeout. */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 366)
    .default(60 * 24 * 7),
  /** Production only: BASE_URL may be http:// because a TLS-terminating proxy serves the app to browsers over https. */
  BEHIND_TLS_PROXY: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().default(false)),
  /** Worker threads rendering PDF exports in this process, i.e. renders at once (unset: one fewer than the cores, 1 to 2). */
  PDF_RENDER_WORKERS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(16).optional()),
  /** PDF exports that may wait for a render worker in this process; one more is 503 SERVICE_UNAVAILABLE with Retry-After. */
  PDF_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  /** PDF exports one user may make a minute (default: the product's PDF_EXPORT_LIMIT in core; the bench lifts it to load the renderers). */
  PDF_EXPORTS_PER_MINUTE: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).optional()),
});

/** Rules between variables; each issue names the variable to fix. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.SESSION_IDLE_TIMEOUT_MINUTES > env.SESSION_ABSOLUTE_TIMEOUT_HOURS * 60) {
    ctx.addIssue({
      code: 'custom',
      path: ['SESSION_IDLE_TIMEOUT_MINUTES'],
      message: `must not exceed SESSION_ABSOLUTE_TIMEOUT_HOURS (${env.SESSION_ABSOLUTE_TIMEOUT_HOURS} h = ${env.SESSION_ABSOLUTE_TIMEOUT_HOURS * 60} min)`,
    });
  }
  if (env.NODE_ENV === 'production') {
    // Session cookies are Secure in production: over plain http the browser would drop them, and anyone on the path reads them.
    if (!env.BASE_URL) ctx.addIssue({ code: 'custom', path: ['BASE_URL'], message: 'is required in production (the https:// address users open)' });
    else if (new URL(env.BASE_URL).protocol !== 'https:' && !env.BEHIND_TLS_PROXY) {
      ctx.addIssue({
        code: 'custom',
        path: ['BASE_URL'],
        message: `must be https:// in production (got ${new URL(env.BASE_URL).protocol}//); set BEHIND_TLS_PROXY=true if a TLS proxy serves it over https`,
      });
    }
  }
});

export type Env = z.infer<typeof envSchema> & { BASE_URL: string };

/** Parses an environment map (defaults to `process.env`) or throws one readable error listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = checkedEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return { ...env, BASE_URL: env.BASE_URL ?? `http://localhost:${env.PORT}` };
}

export const isProduction = (env: Pick<Env, 'NODE_ENV'>) => env.NODE_ENV === 'production';

/** Start-up work (the screener's warm-up, the track record's backtest) is on unless switched off, and off in tests unless a test asks: a test app's CPU goes to its tests. */
const isStartUpWorkOn = (flag: boolean | undefined, env: Pick<Env, 'NODE_ENV'>) => flag ?? env.NODE_ENV !== 'test';
export const isScreenerWarmUpOn = (env: Pick<Env, 'NODE_ENV' | 'SCREENER_WARM_UP'>) => isStartUpWorkOn(env.SCREENER_WARM_UP, env);
export const isTrackRecordBacktestOn = (env: Pick<Env, 'NODE_ENV' | 'TRACK_RECORD_BACKTEST'>) => isStartUpWorkOn(env.TRACK_RECORD_BACKTEST, env);
