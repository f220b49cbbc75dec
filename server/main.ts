import { join, isAbsolute } from 'node:path';
import { openDatabase, DataDirLockedError } from './adapters/db/index.ts';
import { parseEnv } from './env.ts';
import { findAppRoot, findServerAsset } from './lib/app-root.ts';

/** Composition root: reads config once, opens the database, wires features, listens, shuts down cleanly. */
async function main() {
  const env = parseEnv();
  const appRoot = findAppRoot();
  const pgliteDir = isAbsolute(env.PGLITE_DIR) ? env.PGLITE_DIR : join(process.cwd(), env.PGLITE_DIR);
  // The database opens first (PGlite on its own thread) and everything else loads meanwhile, so a start
  // costs about as much as PGlite's own open: the static imports above are kept to the few that open it.
  const late: { logger?: import('./lib/logger.ts').Logger } = {};
  const opening = openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir,
    migrationsDir: findServerAsset(appRoot, 'server/db/migrations'),
    onFailure: (err) => {
      // One embedded engine per process: without it nothing can be served, so stop and let the supervisor restart.
      if (late.logger) late.logger.fatal({ err }, 'the database engine stopped');
      else console.error('The database engine stopped:', err.message);
      process.exit(1);
    },
  });
  opening.catch(() => {});
  const [{ createLogger }, { serve }, { createApp }, { createFeatures }, { findProxyBypassWarning }, { answerHealthOnly }, { createMetrics }, { withJobHost }] =
    await Promise.all([
      import('./lib/logger.ts'),
      import('@hono/node-server'),
      import('./app.ts'),
      import('./features/index.ts'),
      import('./http/client-ip.ts'),
      import('./http/worker-fetch.ts'),
      import('./lib/metrics.ts'),
      import('./lib/jobs.ts'),
    ]);
  const logger = createLogger(env.LOG_LEVEL);
  late.logger = logger;
  const proxyWarning = findProxyBypassWarning(env);
  if (proxyWarning) logger.warn(proxyWarning);
  const modulesAt = performance.now();
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await opening;
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      logger.fatal(e.message);
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const dbAt = performance.now();
  const ctx = { env, db, logger, appRoot, now: () => new Date(), metrics: createMetrics() };
  // The features' interval jobs run through the job queue (docs/job-queue.md): on PostgreSQL on its own connections,
  // embedded through the app's PGlite. A web process never starts a job, so it gets no host (its jobs stay unstarted timers).
  const jobHost =
    env.JOB_QUEUE === 'pg-boss' && env.ROLE !== 'web'
      ? (await import('./lib/job-queue.ts')).createQueueJobHost({
          databaseUrl: env.DATABASE_URL,
          db,
          logger,
          pollMs: env.JOB_QUEUE_POLL_SECONDS * 1000,
          retryLimit: env.JOB_RETRY_LIMIT,
          retryDelaySeconds: env.JOB_RETRY_DELAY_SECONDS,
        })
      : null;
  const features = await withJobHost(jobHost, () => createFeatures(ctx));
  const app = createApp(ctx, features);
  // ROLE: a web process serves and never runs a job; a worker runs the jobs and answers only its health checks.
  const role = env.ROLE;
  const fetch = role === 'worker' ? answerHealthOnly(app.fetch) : app.fetch;

  const server = serve({ fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const startupMs = { modules: Math.round(modulesAt), database: Math.round(dbAt), listening: Math.round(performance.now()) };
    logger.info({ port: info.port, database: db.kind, role, baseUrl: env.BASE_URL, startupMs }, `Stockpilot listening on ${env.BASE_URL}`);
    // Warm-ups (better-auth ~0.3 s of module loading, the market snapshot) and jobs start a moment after we
    // answer requests, so the first health checks and page loads do not queue behind them.
    setTimeout(() => {
      void (async () => {
        if (role !== 'worker') for (const f of features) await f.warm?.();
        if (role !== 'web') for (const f of features) await f.start?.();
      })().catch((err) => logger.error({ err }, 'a feature failed to start'));
    }, 500);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Three phases, each named if it overruns: requests in flight, then jobs (stopped at a safe point), then the database.
    let phase = 'finishing in-flight requests';
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn({ phase }, `shutdown did not finish within 10 s (${phase}); exiting anyway`);
      process.exit(1);
    }, 10_000);
    force.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections with no request in flight would hold close() open until their timeout.
    (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    await closed;
    phase = 'stopping jobs';
    for (const f of features) await f.stop?.();
    await jobHost?.close();
    phase = 'closing the database';
    await db.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
