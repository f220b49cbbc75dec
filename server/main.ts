import { serve } from '@hono/node-server';
import { openDatabase, DataDirLockedError } from './adapters/db/index.ts';
import { parseEnv } from './env.ts';
import { findAppRoot } from './lib/app-root.ts';
import { createLogger } from './lib/logger.ts';
import { join, isAbsolute } from 'node:path';

/** Composition root: reads config once, opens the database, wires features, listens, shuts down cleanly. */
async function main() {
  const env = parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const appRoot = findAppRoot();
  const pgliteDir = isAbsolute(env.PGLITE_DIR) ? env.PGLITE_DIR : join(process.cwd(), env.PGLITE_DIR);
  // Opening PGlite (wasm compile, recovery) and loading the app's modules (better-auth alone is ~0.5 s)
  // overlap: the build splits app code into a chunk that is imported while the database opens.
  const opening = openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir, migrationsDir: join(appRoot, 'server/db/migrations') });
  opening.catch(() => {});
  const [{ createApp }, { createFeatures }] = await Promise.all([import('./app.ts'), import('./features/index.ts')]);
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
  const ctx = { env, db, logger, appRoot, now: () => new Date() };
  const features = await createFeatures(ctx);
  const app = createApp(ctx, features);

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const startupMs = { modules: Math.round(modulesAt), database: Math.round(dbAt), listening: Math.round(performance.now()) };
    logger.info({ port: info.port, database: db.kind, baseUrl: env.BASE_URL, startupMs }, `Stockpilot listening on ${env.BASE_URL}`);
    // Jobs and warm-ups (better-auth ~0.3 s of module loading, the market snapshot) start a moment after
    // we answer requests, so the first health checks and page loads do not queue behind them.
    setTimeout(() => {
      void (async () => {
        for (const f of features) await f.start?.();
      })().catch((err) => logger.error({ err }, 'a feature failed to start'));
    }, 500);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish within 10 s; closing anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const f of features) await f.stop?.();
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
