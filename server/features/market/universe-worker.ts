/**
 * The universe's own process (PostgreSQL): reading a whole stored market — ~2.9 M bars of two years and ~5,700
 * companies' statements — and computing its screener rows, sector peers and sector table is ~20–30 s of CPU, most of
 * it the driver's parsing, that would otherwise run on the thread answering requests. A child process rather than a
 * thread: its ~1 GB at the peak is returned to the system when it exits (a worker thread's malloc arenas stayed in the
 * web process: 814 MB resident after one build, against 359 MB without). It composes the market feature on its own
 * connection, computes the three as the serving process would, sends them back and exits.
 */
import { openPostgres } from '../../adapters/db/postgres.ts';
import { createLogger } from '../../lib/logger.ts';
import { scorePeersOf } from '../scorecards/index.ts';
import { loadScreenerRows } from '../screener/index.ts';
import { createMarketFeature } from './index.ts';
import type { UniverseWorkerInput, UniverseWorkerReply } from './universe-products.ts';

if (!process.send) throw new Error('universe-worker runs as a child process with an IPC channel');
// The parent gone (stopped, crashed), nobody waits for the answer.
process.once('disconnect', () => process.exit(0));

const roundAll = <K extends string>(o: Record<K, number>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v as number)])) as Record<K, number>;

async function computeUniverse(input: UniverseWorkerInput): Promise<UniverseWorkerReply> {
  const started = performance.now();
  // Eight connections: per round of 100 members their statements, bars, splits and dividends side by side, and the
  // next round's four already asked for (stored-universe.ts).
  const db = openPostgres(input.databaseUrl, { max: 8 });
  try {
    const ctx = { env: input.env, db, logger: createLogger(input.env.LOG_LEVEL), appRoot: input.appRoot, now: () => new Date(input.nowIso) };
    // In process here: this process is the worker.
    const { market, universe } = createMarketFeature(ctx, { dataDir: input.dataDir, universeBuild: 'in-process' });
    // One read for both readers, then each product in turn: one thread does the work either way, and the phases show
    // where its time goes (bench/market-scale.bench.ts prints them).
    const laps: number[] = [performance.now()];
    const lap = <T>(value: T): T => {
      laps.push(performance.now());
      return value;
    };
    const entries = lap(await universe.read());
    const read = { read: async () => entries };
    const screener = lap(await loadScreenerRows(market, read));
    const peers = lap(await scorePeersOf(market, read));
    const sectorTable = lap(await market.getSectorTable());
    const phasesMs = { read: laps[1]! - laps[0]!, rows: laps[2]! - laps[1]!, peers: laps[3]! - laps[2]!, sectorTable: laps[4]! - laps[3]! };
    const build = { pid: process.pid, wallMs: Math.round(performance.now() - started), phasesMs: roundAll(phasesMs) };
    return { ok: true, products: { screener, peers, sectorTable, build } };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  } finally {
    await db.close();
  }
}

process.once('message', async (input: UniverseWorkerInput) => {
  const reply = await computeUniverse(input);
  process.send!(reply, () => process.exit(0));
});
