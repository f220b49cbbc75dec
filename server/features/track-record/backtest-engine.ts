import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type BacktestMonth, listBacktestMonths } from '../../../core/analysis/track-record/backtest-months.ts';
import { BENCHMARK_SYMBOL, loadPriceHistory } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';
import { type BacktestUniverse, computeBacktestMonth, loadBacktestUniverse } from './backtest-month.ts';
import type { NewRun } from './track-record-store.ts';
import { locateWorkerEntry } from '../../lib/worker-entry.ts';

/** What computes the backtest: the months it covers and each month's runs (not stored: the runner stores them). */
export interface BacktestEngine {
  /** The last `count` complete months of the snapshot's benchmark, oldest first. */
  listMonths(count: number): Promise<BacktestMonth[]>;
  computeMonth(month: BacktestMonth): Promise<NewRun[]>;
  close(): Promise<void>;
}

type EngineAsk = { type: 'months'; count: number } | { type: 'month'; month: BacktestMonth };
export type EngineRequest = EngineAsk & { id: number };
export type EngineReply =
  | { id: number; ok: true; months: BacktestMonth[] }
  | { id: number; ok: true; runs: NewRun[] }
  | { id: number; ok: false; message: string };

/** The engine on this thread (tests, and each worker's own). */
export function createInProcessBacktestEngine(market: MarketService): BacktestEngine {
  let universe: Promise<BacktestUniverse> | null = null;
  const load = () => {
    universe ??= loadBacktestUniverse(market);
    universe.catch(() => {
      universe = null;
    });
    return universe;
  };
  return {
    // The benchmark alone says which months are complete: a start with nothing new loads no other history.
    async listMonths(count) {
      const benchmark = await loadPriceHistory(market, BENCHMARK_SYMBOL);
      return listBacktestMonths(benchmark?.bars.map((b) => b.date) ?? [], count);
    },
    computeMonth: async (month) => computeBacktestMonth(market, await load(), month),
    close: async () => {
      universe = null;
    },
  };
}

/**
 * Backtest worker threads: two where there are two cores (the months split between them; requests and the
 * database keep the main and PGlite threads, mostly idle meanwhile), never more (each holds the snapshot).
 */
export const countBacktestWorkers = () => Math.min(2, availableParallelism());

interface Slot {
  worker: Worker;
  busy: boolean;
}

/**
 * Up to `count` worker threads, each with the snapshot open. A request goes to an idle worker (or waits
 * for one); a worker that dies fails its request and is replaced on the next.
 */
export function startBacktestWorkers(dataDir: string, count: number): BacktestEngine {
  const { url, workerData } = locateWorkerEntry(new URL('./backtest-worker.ts', import.meta.url), 'track-record-worker');
  const pending = new Map<number, { resolve(r: EngineReply): void; reject(e: Error): void; slot: Slot }>();
  const waiting: Array<(s: Slot) => void> = [];
  let nextId = 1;
  let slots: Slot[] = [];

  const spawn = (): Slot => {
    const slot: Slot = { worker: new Worker(url, { workerData: { ...workerData, dataDir } }), busy: false };
    slot.worker.unref();
    slot.worker.on('message', (reply: EngineReply) => {
      const p = pending.get(reply.id);
      pending.delete(reply.id);
      p?.resolve(reply);
    });
    const fail = (e: Error) => {
      slots = slots.filter((s) => s !== slot);
      for (const [id, p] of pending) {
        if (p.slot !== slot) continue;
        pending.delete(id);
        p.reject(e);
      }
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`the backtest worker exited (${code})`)));
    return slot;
  };

  // A worker starts only when every running one is busy: one new month starts one thread, not two.
  const acquire = (): Promise<Slot> => {
    let slot = slots.find((s) => !s.busy);
    if (!slot && slots.length < count) {
      slot = spawn();
      slots.push(slot);
    }
    if (!slot) return new Promise((resolve) => waiting.push(resolve));
    slot.busy = true;
    return Promise.resolve(slot);
  };
  const releaseSlot = (slot: Slot) => {
    const next = waiting.shift();
    if (!next) {
      slot.busy = false;
      return;
    }
    // A worker that died hands its turn to a new one.
    let handOver = slot;
    if (!slots.includes(slot)) {
      handOver = spawn();
      handOver.busy = true;
      slots.push(handOver);
    }
    next(handOver);
  };

  async function ask(req: EngineAsk): Promise<EngineReply> {
    const slot = await acquire();
    try {
      const id = nextId++;
      const reply = await new Promise<EngineReply>((resolve, reject) => {
        pending.set(id, { resolve, reject, slot });
        slot.worker.postMessage({ ...req, id });
      });
      if (!reply.ok) throw new Error(reply.message);
      return reply;
    } finally {
      releaseSlot(slot);
    }
  }

  return {
    listMonths: async (n) => ((await ask({ type: 'months', count: n })) as { months: BacktestMonth[] }).months,
    computeMonth: async (month) => ((await ask({ type: 'month', month })) as { runs: NewRun[] }).runs,
    async close() {
      const all = slots;
      slots = [];
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}
