import { z } from 'zod';

/**
 * The only place that reads `process.env`. Parsed once at start-up; everything else receives `Env`.
 * Empty strings count as unset so `FOO=` in a shell behaves like no FOO at all.
 */
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const urlOr = (fallback: string) => z.preprocess((v) => (v === '' ? undefined : v), z.url().default(fallback));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  BASE_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  PGLITE_DIR: z.string().default('.data/pglite'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['all', 'web', 'worker']).default('all')),
  JOB_QUEUE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['pg-boss', 'in-process']).default('pg-boss')),
  JOB_QUEUE_POLL_SECONDS: z.coerce.number().min(0.1).max(300).default(5),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  AUTH_SECRET: optionalString,
  TRUST_PROXY: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().default(false)),
  SMTP_URL: optionalUrl,
  DEV_OUTBOX_PUBLIC: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().default(false)),
  MAIL_FROM: z.string().default('Stockpilot <no-reply@stockpilot.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_BASIC: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_API_BASE: optionalUrl,
  PAYMENTS: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sandbox']).optional()),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  SEC_USER_AGENT: optionalString,
  SEC_DATA_BASE_URL: urlOr('https://data.sec.gov'),
  SEC_WWW_BASE_URL: urlOr('https://www.sec.gov'),
  MASSIVE_API_KEY: optionalString,
  MASSIVE_BASE_URL: urlOr('https://api.massive.com'),
  TREASURY_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).default('https://home.treasury.gov')),
  RISK_FREE_INGEST: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
  MARKET_PROVIDER: z.enum(['bundled', 'live']).default('bundled'),
  WEB_DIST_DIR: z.string().default('dist/web'),
  SCREENER_WARM_UP: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
  UNIVERSE_WORKER: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().default(true)),
  API_KEY_PEPPER: optionalString,
  TRACK_RECORD_BACKTEST: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
  TRACK_RECORD_BACKTEST_MONTHS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(120).optional()),
  USER: optionalString,
  SESSION_REVOCATION_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(720),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 366)
    .default(60 * 24 * 7),
  BEHIND_TLS_PROXY: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().default(false)),
  PDF_RENDER_WORKERS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(16).optional()),
  PDF_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  PDF_EXPORTS_PER_MINUTE: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).optional()),
  COPILOT_QUESTIONS_PER_MINUTE: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).optional()),
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
});

/**
 * What each variable means, for operators: `docs/configuration.md` and `.env.example` are generated from
 * this and the schema (`npm run config:docs`; a test fails when they drift). Every variable has one.
 */
export const envDescriptions = {
  NODE_ENV:
    '`production`: Secure `__Secure-` cookies, HSTS, no dev outbox; requires SMTP, `AUTH_SECRET`, an https `BASE_URL` and Stripe (or `PAYMENTS=sandbox`).',
  PORT: 'HTTP port to listen on (0: any free port, reported in the log).',
  HOST: 'Interface to listen on.',
  BASE_URL:
    'Public origin users open: links in e-mails, auth callbacks, the trusted origin of state-changing requests, checkout return URLs. Default `http://localhost:$PORT`; required and https in production.',
  DATABASE_URL: 'PostgreSQL connection string. Unset: the embedded PGlite in `PGLITE_DIR`.',
  PGLITE_DIR: 'PGlite data directory (one process at a time; a second one stops with a clear message).',
  LOG_LEVEL: 'pino log level (`silent` mutes).',
  ROLE: '`all`: serve HTTP and run the scheduled jobs (one process, the embedded default). `web`: serve HTTP only, never a job. `worker`: run the jobs (sweeper, payment delivery, alerts, track record) and answer only `/api/health`. `web` and `worker` need `DATABASE_URL` (the embedded database belongs to one process).',
  JOB_QUEUE:
    '`pg-boss`: each scheduled job runs through a queue in the database (PostgreSQL, or the embedded PGlite): once per period across processes, retries with back-off, dead letters (`npm run admin -- jobs`). `in-process`: a timer in each job process, no retries (docs/job-queue.md).',
  JOB_QUEUE_POLL_SECONDS: "How often a job process looks for each job's due tick or retry in the queue (a job's own period, if shorter, wins).",
  JOB_RETRY_LIMIT: "Retries of a scheduled job's failed tick before it goes to the job's dead letters (queue only).",
  JOB_RETRY_DELAY_SECONDS: 'Back-off base of those retries: retry n waits between 2^(n-1) and 2^n times this (queue only).',
  AUTH_SECRET: 'Signs sessions (at least 32 characters). Required in production; elsewhere generated once and kept in the database.',
  TRUST_PROXY: 'Behind a reverse proxy: take the client address (rate limits, dev outbox) from the last `X-Forwarded-For` hop instead of the socket.',
  SMTP_URL: 'Send e-mail through this SMTP server (nodemailer). Unset: mails go to the outbox at `/dev/outbox`.',
  DEV_OUTBOX_PUBLIC: 'Serve the dev outbox beyond loopback clients (e.g. to a browser outside a dev container).',
  MAIL_FROM: 'Sender of e-mails.',
  GOOGLE_CLIENT_ID: 'Google OAuth client id; with the secret, shows "Continue with Google".',
  GOOGLE_CLIENT_SECRET: 'Google OAuth client secret.',
  STRIPE_SECRET_KEY: 'Real Stripe Checkout, Customer Portal and webhooks (requires `STRIPE_WEBHOOK_SECRET`). Unset: the sandbox checkout.',
  STRIPE_WEBHOOK_SECRET: 'Verifies Stripe webhook signatures.',
  STRIPE_PRICE_BASIC: 'Stripe price id of the Basic subscription.',
  STRIPE_PRICE_PRO: 'Stripe price id of the Pro subscription.',
  STRIPE_API_BASE: 'Points the Stripe SDK at another host (tests use a local Stripe-compatible server).',
  PAYMENTS: '`sandbox`: allow the sandbox checkout in production (a demo that takes no real money, shown on every page); otherwise production requires Stripe.',
  AI_BASE_URL:
    'An OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp) that writes analysis notes and answers the copilot, every number checked. Unset: the rule-based writer and the offline copilot.',
  AI_API_KEY: 'API key of the model endpoint.',
  AI_MODEL: 'Model name at the endpoint.',
  AI_TIMEOUT_MS: 'Longest model call in ms (a stream: the longest silence); one retry after a timeout, 5xx or unreadable output.',
  SEC_USER_AGENT:
    'Contact string SEC EDGAR requires ("Company admin@example.com"), for live fundamentals and filings. Required in production with `MARKET_PROVIDER=live`.',
  SEC_DATA_BASE_URL: "Base of EDGAR's data API (submissions, companyfacts); tests point it at a local fake.",
  SEC_WWW_BASE_URL: 'Base of www.sec.gov (the ticker→CIK exchange file); tests point it at a local fake.',
  MASSIVE_API_KEY:
    'Key of Massive (formerly Polygon.io): daily bars, splits, dividends and the ticker list for the whole US market. Required in production with `MARKET_PROVIDER=live`.',
  MASSIVE_BASE_URL: 'Base of the Massive REST API; tests point it at a local fake.',
  TREASURY_BASE_URL:
    "Base of the US Treasury's site (the daily par yield curve CSV, public domain, no key): the DCF's risk-free rate; tests point it at a local fake.",
  RISK_FREE_INGEST: "Read the 10-year Treasury par yield every 6 hours where jobs run (the DCF's risk-free rate). Unset: on, except under `NODE_ENV=test`.",
  MARKET_PROVIDER:
    '`live`: Massive (prices) and SEC EDGAR (fundamentals, filings), falling back to the cache and then the bundled snapshot; production requires `MASSIVE_API_KEY` and `SEC_USER_AGENT`.',
  WEB_DIST_DIR: 'Where the built web app is served from.',
  SCREENER_WARM_UP: "Build the screener's table (the shared universe read) 1 s after start. Unset: on, except under `NODE_ENV=test`.",
  UNIVERSE_WORKER:
    "With PostgreSQL, compute the whole stored market's universe (the screener's rows, the scorecards' sector peers, the per-day sector table) in a child process with its own connection, once per data day, so the serving process never spends its ~30 s of CPU. `false`: in the serving process, as with PGlite. Default: true.",
  API_KEY_PEPPER:
    "Pepper of the API keys' HMAC-SHA-256 hashes (at least 32 characters). Unset: derived from `AUTH_SECRET` in production, generated once per database elsewhere.",
  TRACK_RECORD_BACKTEST: "Run the track record's point-in-time backtest on start (later starts do only new months). Unset: on, except under `NODE_ENV=test`.",
  TRACK_RECORD_BACKTEST_MONTHS: 'How many month-ends the backtest reaches back. Unset: 60 (five years).',
  USER: 'Operator name recorded as the actor of `npm run admin` actions (`operator:<USER>`).',
  SESSION_REVOCATION_MS:
    'A revoked session (sign-out, password change) is refused by every app process within this many ms; sessions are cached in memory meanwhile.',
  SESSION_ABSOLUTE_TIMEOUT_HOURS: 'A session ends this many hours after sign-in, however much it is used (never extended).',
  SESSION_IDLE_TIMEOUT_MINUTES: 'A session not used for this many minutes ends; at most the absolute timeout.',
  BEHIND_TLS_PROXY: 'Production only: allow an `http://` `BASE_URL` because a TLS-terminating proxy serves the app over https.',
  PDF_RENDER_WORKERS: 'Worker threads rendering PDF exports in this process, i.e. renders at once. Unset: one fewer than the cores (1 to 2).',
  PDF_RENDER_QUEUE: 'PDF exports that may wait for a render worker in this process; one more is `503` with `Retry-After`.',
  PDF_EXPORTS_PER_MINUTE: 'PDF exports one user may make a minute. Unset: the product limit in `core/analysis/export-limits.ts`.',
  COPILOT_QUESTIONS_PER_MINUTE:
    'Copilot questions one user may ask a minute. Unset: the product limit in `core/copilot/copilot-limits.ts` (a browser test that spends a whole allocation in one burst raises it).',
  METRICS_TOKEN:
    'Serves Prometheus metrics at `/metrics` to `Authorization: Bearer <token>` (at least 16 characters; other callers get 401). Unset: `/metrics` is 404.',
} satisfies Record<keyof typeof envSchema.shape, string>;

/** Rules between variables; each issue names the variable to fix. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.SESSION_IDLE_TIMEOUT_MINUTES > env.SESSION_ABSOLUTE_TIMEOUT_HOURS * 60) {
    ctx.addIssue({
      code: 'custom',
      path: ['SESSION_IDLE_TIMEOUT_MINUTES'],
      message: `must not exceed SESSION_ABSOLUTE_TIMEOUT_HOURS (${env.SESSION_ABSOLUTE_TIMEOUT_HOURS} h = ${env.SESSION_ABSOLUTE_TIMEOUT_HOURS * 60} min)`,
    });
  }
  if (env.ROLE !== 'all' && !env.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['ROLE'],
      message: `${env.ROLE} needs DATABASE_URL: the embedded database (PGLITE_DIR) belongs to one process, so it cannot be split into web and worker (use ROLE=all)`,
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
    // Live mode in production must not quietly serve the frozen snapshot: a missing vendor credential stops the start.
    if (env.MARKET_PROVIDER === 'live') {
      if (!env.MASSIVE_API_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['MASSIVE_API_KEY'],
          message: 'is required in production with MARKET_PROVIDER=live (daily prices come from Massive)',
        });
      }
      if (!env.SEC_USER_AGENT) {
        ctx.addIssue({
          code: 'custom',
          path: ['SEC_USER_AGENT'],
          message: 'is required in production with MARKET_PROVIDER=live (SEC EDGAR refuses requests without a contact, e.g. "Company admin@example.com")',
        });
      }
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
