import { Worker } from 'node:worker_threads';
import type { SectorTable } from '../../../core/analysis/fundamentals/sector-grades.ts';
import type { PeerScores } from '../../../core/analysis/scorecards/sector-distribution.ts';
import type { LoadedUniverse } from '../../../core/screener/screener-types.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { locateWorkerEntry } from '../../lib/worker-thread.ts';

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
  /** Where it was computed: the worker's thread id (never 0, the main thread's) and its wall time. */
  build: { threadId: number; wallMs: number };
}

/**
 * The universe's products computed off the serving thread. `read()` answers null where this process computes them
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

/** One build on a new worker thread, ended once it has answered: ~1 GB of heap at a whole market, let go at once. */
export function buildUniverseOnWorker(input: UniverseWorkerInput): { result: Promise<Omit<UniverseProducts, 'key'>>; stop(): Promise<void> } {
  const { url, workerData } = locateWorkerEntry(new URL('./universe-worker.ts', import.meta.url), 'universe-worker');
  const worker = new Worker(url, { workerData: { ...workerData, input } });
  // A build in flight must not keep a stopping process alive.
  worker.unref();
  const result = new Promise<Omit<UniverseProducts, 'key'>>((resolve, reject) => {
    worker.once('message', (reply: UniverseWorkerReply) => (reply.ok ? resolve(reply.products) : reject(new Error(reply.message))));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the universe worker exited (${code}) before answering`)));
  });
  const stop = async () => {
    await worker.terminate();
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
