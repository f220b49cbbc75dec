/**
 * The universe's own thread (PostgreSQL): reading a whole stored market — ~2.9 M bars of two years and ~5,700
 * companies' statements — and computing its screener rows, sector peers and sector table is ~20 s of CPU, most of it
 * the driver's parsing, that would otherwise run on the thread answering requests. This thread composes the market
 * feature on its own connection, computes the three as the serving process would, posts them back and ends.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { openPostgres } from '../../adapters/db/postgres.ts';
import { createLogger } from '../../lib/logger.ts';
import { scorePeersOf } from '../scorecards/index.ts';
import { loadScreenerRows } from '../screener/index.ts';
import { createMarketFeature } from './index.ts';
import type { UniverseWorkerInput, UniverseWorkerReply } from './universe-products.ts';

const port = parentPort;
if (!port) throw new Error('universe-worker.ts runs as a worker thread');
const { input } = workerData as { input: UniverseWorkerInput };
const started = performance.now();
// Three connections: the members, then per round of 100 their statements, bars, splits and dividends side by side.
const db = openPostgres(input.databaseUrl, { max: 4 });
let reply: UniverseWorkerReply;
try {
  const ctx = { env: input.env, db, logger: createLogger(input.env.LOG_LEVEL), appRoot: input.appRoot, now: () => new Date(input.nowIso) };
  // In process here: this thread is the worker.
  const { market, universe } = createMarketFeature(ctx, { dataDir: input.dataDir, universeBuild: 'in-process' });
  const [screener, peers, sectorTable] = await Promise.all([loadScreenerRows(market, universe), scorePeersOf(market, universe), market.getSectorTable()]);
  reply = { ok: true, products: { screener, peers, sectorTable, build: { threadId, wallMs: Math.round(performance.now() - started) } } };
} catch (e) {
  reply = { ok: false, message: e instanceof Error ? e.message : String(e) };
} finally {
  await db.close();
}
port.postMessage(reply);
