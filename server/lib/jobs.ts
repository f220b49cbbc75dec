import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.ts';
import type { AppMetrics } from './metrics.ts';

/**
 * One scheduled job of a feature (`x-jobs.ts`): the one place the server keeps a timer. Features used to
 * write the same timer, overlap guard, error log and unref five times over; they drifted (one overlapped,
 * one kept no handle to await on stop).
 *
 * A tick never overlaps the previous one in this process (a slow tick skips the next); a throw is logged,
 * never fatal; the timer never keeps the process alive; `stop()` waits for a tick in flight, so a shutdown
 * never closes the database under a job.
 *
 * Where the ticks come from depends on the job host the job was created under (`withJobHost`): none (the
 * embedded database, tests) is this process's own timer; on PostgreSQL the queue host (job-queue.ts) turns
 * the same schedule into one queue job per period across every process that runs jobs, retried with back-off
 * and dead-lettered after the last retry (docs/job-queue.md). Work that must happen once across processes
 * stays so by the job's own statements too (conditional updates, advisory locks): `runNow()` and the timer
 * path do not go through the queue.
 */
interface IntervalJob {
  /** Starts the schedule (idempotent). With `runAtStart`, the first tick runs now. */
  start(): void;
  /** Stops the schedule and waits for a tick in flight. */
  stop(): Promise<void>;
  /** Runs one tick now, here, unless one is in flight (then waits for that one); tests and CLIs call it. */
  runNow(): Promise<void>;
}

interface IntervalJobOptions {
  /** Named in the error log (`<name>: scheduled work failed`), in every line of a tick's logger, in the metrics and as the queue's name. */
  name: string;
  everyMs: number;
  /**
   * One tick. `log` is the job's logger bound to `{ job, run }` (a new run id per tick): the lines of one tick
   * can be found together, as a request's are by its id. A tick from the queue also carries `{ queueJob, attempt }`.
   */
  run: (log: Logger) => Promise<void>;
  logger: Logger;
  /** Where ticks and failures are counted (ctx.metrics; absent: not counted). */
  metrics?: AppMetrics;
  runAtStart?: boolean;
}

/** A tick the host asks for: which queue job and attempt it is (absent: a timer's tick). */
export interface HostedTick {
  queueJob: string;
  attempt: number;
}

/** A job as a host schedules it: `run` rejects when the tick threw, so the host can retry it. */
export interface HostedJob {
  name: string;
  everyMs: number;
  runAtStart: boolean;
  run: (tick: HostedTick) => Promise<void>;
}

/** Where a process's interval jobs get their ticks; null/absent: each job's own timer. */
export interface JobHost {
  /** Takes over the job's schedule until the returned `stop()`, which waits for the host's work in flight. */
  schedule(job: HostedJob): { stop(): Promise<void> };
}

// The host is found by the scope the features are created in, not passed through each feature's x-jobs.ts:
// the seven features keep their one call, and two apps in one process (tests) keep apart.
const hosts = new AsyncLocalStorage<JobHost>();

/** Creates (e.g. `createFeatures(ctx)`) so that every interval job created inside, now or after an await, is scheduled by `host`. */
export function withJobHost<T>(host: JobHost | null | undefined, create: () => T): T {
  return host ? hosts.run(host, create) : create();
}

export function createIntervalJob(options: IntervalJobOptions): IntervalJob {
  const host = hosts.getStore();
  let timer: ReturnType<typeof setInterval> | undefined;
  let hosted: { stop(): Promise<void> } | undefined;
  // Settles with the tick's error (undefined: it succeeded); never rejects.
  let running: Promise<unknown> | undefined;

  const tick = (queued?: HostedTick): Promise<unknown> => {
    if (running) return running;
    const log = options.logger.child({ job: options.name, run: randomUUID(), ...queued });
    const started = performance.now();
    let failure: unknown;
    running = options
      .run(log)
      .catch((err: unknown) => {
        failure = err ?? new Error(`${options.name} threw ${String(err)}`);
        log.error({ err }, `${options.name}: scheduled work failed`);
      })
      .then(() => failure)
      .finally(() => {
        options.metrics?.jobRun(options.name, failure !== undefined, (performance.now() - started) / 1000);
        running = undefined;
      });
    return running;
  };

  return {
    start() {
      if (timer || hosted) return;
      if (host) {
        hosted = host.schedule({
          name: options.name,
          everyMs: options.everyMs,
          runAtStart: options.runAtStart ?? false,
          run: async (queued) => {
            const failure = await tick(queued);
            if (failure !== undefined) throw failure;
          },
        });
        return;
      }
      if (options.runAtStart) void tick();
      timer = setInterval(() => void tick(), options.everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      const h = hosted;
      hosted = undefined;
      await h?.stop();
      await running;
    },
    async runNow() {
      await tick();
    },
  };
}
