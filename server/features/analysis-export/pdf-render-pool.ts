import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import { locateWorkerEntry } from '../../lib/worker-entry.ts';
import type { AnalysisResponse } from '../analyses/index.ts';

export interface PdfJob {
  id: number;
  analysis: AnalysisResponse;
  generatedAtMs: number;
}

export type PdfReply = { id: number; ok: true; pdf?: Uint8Array; ready?: true } | { id: number; ok: false; message: string };

/** What the export service renders with. */
export interface PdfRenderer {
  render(a: AnalysisResponse, generatedAt: Date): Promise<Uint8Array>;
  /** Starts one render thread and loads the renderer in it, so the first export does not pay for it. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** Renders one job somewhere off this thread (worker threads; tests pass a stand-in they control). */
export type RenderJob = (job: PdfJob) => Promise<Uint8Array>;

/** Seconds a refused export is told to wait: renders take 50–100 ms of CPU, so a full queue drains in about a second per worker. */
export const PDF_BUSY_RETRY_SECONDS = 2;
/** A render that takes longer is stopped (its thread replaced) and answered TIMEOUT: a stuck render must not hold a slot forever. */
const RENDER_TIMEOUT_MS = 30_000;

/** One fewer render thread than cores (the main thread keeps one), at least 1, at most 2 (each holds the renderer, ~60 MB). */
export const countPdfRenderWorkers = () => Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * At most `capacity` renders at once in this process, at most `queue` more waiting (first come, first
 * served); beyond that the export is refused at once with 503 SERVICE_UNAVAILABLE and Retry-After, so a
 * flood costs a process a bounded amount of memory and waiting, never an unbounded queue.
 */
export function createPdfRenderPool(options: {
  capacity: number;
  queue: number;
  renderJob?: RenderJob;
}): PdfRenderer & { stats(): { running: number; waiting: number } } {
  const workers = options.renderJob ? null : startPdfWorkers(options.capacity);
  const renderJob = options.renderJob ?? workers!.renderJob;
  const waiting: Array<() => void> = [];
  let running = 0;
  let nextId = 1;

  const acquire = (): Promise<void> => {
    if (running < options.capacity) {
      running++;
      return Promise.resolve();
    }
    if (waiting.length >= options.queue) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `The PDF renderer is busy (${options.capacity} rendering, ${waiting.length} waiting). Try again in ${PDF_BUSY_RETRY_SECONDS} s.`,
        { retryAfterSeconds: PDF_BUSY_RETRY_SECONDS, details: { retry_after_seconds: PDF_BUSY_RETRY_SECONDS } },
      );
    }
    // The slot passes straight to the next in line: `running` stays counted.
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async render(analysis, generatedAt) {
      await acquire();
      try {
        return await renderJob({ id: nextId++, analysis, generatedAtMs: generatedAt.getTime() });
      } finally {
        release();
      }
    },
    warm: async () => workers?.warm(),
    close: async () => workers?.close(),
    stats: () => ({ running, waiting: waiting.length }),
  };
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  job: { id: number; resolve(pdf: Uint8Array): void; reject(e: Error): void } | null;
}

/**
 * Up to `count` render threads, started on demand. The pool's gate never asks for more renders at once
 * than there are threads, so a job always finds an idle thread or room for a new one. A thread that dies
 * or overruns fails its job and is dropped; the next job starts a fresh one.
 */
function startPdfWorkers(count: number) {
  const { url, workerData } = locateWorkerEntry(new URL('./pdf-worker.ts', import.meta.url), 'analysis-export-worker');
  let slots: Slot[] = [];

  const spawn = (): Slot => {
    const worker = new Worker(url, { workerData });
    worker.unref();
    let markReady = () => {};
    let markFailed: (e: Error) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    const slot: Slot = { worker, ready, job: null };
    // Awaited only by warm() and the first job; a thread that never loads fails those, not the process.
    slot.ready.catch(() => {});
    worker.on('message', (reply: PdfReply) => {
      if (reply.id === 0) return markReady();
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = null;
      if (reply.ok && reply.pdf) job.resolve(reply.pdf);
      else job.reject(new Error(reply.ok ? 'the PDF worker answered without a PDF' : reply.message));
    });
    const fail = (e: Error) => {
      slots = slots.filter((s) => s !== slot);
      markFailed(e);
      const job = slot.job;
      slot.job = null;
      job?.reject(e);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PDF worker exited (${code})`)));
    slots.push(slot);
    return slot;
  };

  const acquireSlot = (): Slot => {
    const idle = slots.find((s) => s.job === null);
    if (idle) return idle;
    if (slots.length >= count) throw new Error('no idle PDF worker: the gate let more renders through than there are workers');
    return spawn();
  };

  async function renderJob(job: PdfJob): Promise<Uint8Array> {
    const slot = acquireSlot();
    const done = new Promise<Uint8Array>((resolve, reject) => {
      slot.job = { id: job.id, resolve, reject };
    });
    // A thread that dies before it is ready fails both `ready` and `done`; the first is what is awaited then.
    done.catch(() => {});
    const timer = setTimeout(() => {
      slot.job?.reject(new AppError('TIMEOUT', 'The PDF took too long to render. Try again.'));
      slot.job = null;
      slots = slots.filter((s) => s !== slot);
      void slot.worker.terminate();
    }, RENDER_TIMEOUT_MS);
    timer.unref();
    try {
      await slot.ready;
      slot.worker.postMessage(job);
      return await done;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    renderJob,
    async warm() {
      await (slots[0] ?? spawn()).ready;
    },
    async close() {
      const all = slots;
      slots = [];
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}
