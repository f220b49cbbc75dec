import { fork } from 'node:child_process';
import type { SectorTable } from '../../../core/analysis/fundamentals/sector-grades.ts';
import type { PeerScores } from '../../../core/analysis/scorecards/sector-distribution.ts';
import type { LoadedUniverse } from '../../../core/screener/screener-types.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { locateChildProcessEntry } from '../../lib/worker-entry.ts';

/**
 * What the whole universe is read for, once per universe version: the screener's rows, the scorecards' sector peers and
 * the per-day sector table. Plain data (a few MB at a whole market), so it crosses threads by structured clone.
 */
export interface UniverseProducts {
  /** The universe version it was asked for (the market's `universeDay()`). */
  key: string;
  screener: LoadedUniverse;
  peers: PeerScores[];
  sectorTable: SectorTable | null;
  /** Where it was computed: the worker process's id (never the serving process's) and its wall time. */
  build: { pid: number; wallMs: number; phasesMs?: { read: number; rows: number; peers: number; sectorTable: number } };
}

/**
 * The universe's products computed off the serving process. `read()` answers null where this process computes them
 * itself: PGlite (one process owns the embedded database), nothing stored beyond the snapshot (the snapshot's 526
 * symbols cost ~1 s, no worker needed), the worker turned off, or a worker that failed (answers never depend on it).
 */
export interface UniverseProductsSource {
  /**
   * The products of the current universe version: one build per version however many readers ask. `maxAgeMs` (live
   * data, the screener's refresh period): a build that began longer ago than that is replaced by a new one.
   */
  read(options?: { maxAgeMs?: number | null }): Promise<UniverseProducts | null>;
  /** Stops a build in flight (its readers compute in process). */
  close(): Promise<void>;
}

export interface UniverseWorkerInput {
  env: Env;
  databaseUrl: string;
  appRoot: string;
  dataDir: string;
  /** The parent's clock at the request: the worker reads the store as the parent would at that instant. */
  nowIso: string;
}

export type UniverseWorkerReply = { ok: true; products: Omit<UniverseProducts, 'key'> } | { ok: false; message: string };

/**
 * One build in a new child process, which exits once it has answered: ~1 GB at the peak at a whole market, given back
 * to the system with the process (a worker thread's stayed resident in the web process).
 */
export function buildUniverseOnWorker(input: UniverseWorkerInput): { result: Promise<Omit<UniverseProducts, 'key'>>; stop(): Promise<void> } {
  const { path, execArgv } = locateChildProcessEntry(new URL('./universe-worker.ts', import.meta.url), 'universe-worker');
  // `advanced`: structured clone, as between threads (the rows' typed values survive, no JSON round trip).
  const child = fork(path, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const result = new Promise<Omit<UniverseProducts, 'key'>>((resolve, reject) => {
    child.once('message', (reply: UniverseWorkerReply) => (reply.ok ? resolve(reply.products) : reject(new Error(reply.message))));
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`the universe worker exited (${signal ?? code}) before answering`)));
  });
  child.send(input);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  };
  result.then(stop, stop);
  return { result, stop };
}

interface SourceDeps {
  /** The stored universe's version, asking the store if the last look is old; null: nothing stored beyond the snapshot. */
  readStoredKey(): Promise<string | null>;
  /** The market's universe version (`universeDay()`): what readers compare their tables with. */
  readUniverseDay(): string;
  build(key: string): { result: Promise<Omit<UniverseProducts, 'key'>>; stop(): Promise<void> };
  logger: Logger;
  now: () => Date;
}

export function createUniverseProductsSource(deps: SourceDeps): UniverseProductsSource {
  let current: { key: string; startedAt: number; load: Promise<UniverseProducts | null>; stop(): Promise<void> } | null = null;
  return {
    async read({ maxAgeMs = null } = {}) {
      if ((await deps.readStoredKey()) === null) return null;
      const key = deps.readUniverseDay();
      const at = deps.now().getTime();
      if (current?.key === key && (maxAgeMs === null || at - current.startedAt <= maxAgeMs)) return current.load;
      current?.stop().catch(() => {});
      const started = deps.build(key);
      const load = started.result.then(
        (products) => ({ ...products, key }),
        (err: Error) => {
          // Not kept: the next read tries the worker again; this one's readers compute in process.
          if (current?.load === load) current = null;
          deps.logger.error({ err, key }, 'universe worker failed; computing the universe in this process');
          return null;
        },
      );
      current = { key, startedAt: at, load, stop: started.stop };
      return load;
    },
    async close() {
      await current?.stop();
      current = null;
    },
  };
}
