import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.ts';
import type { AppMetrics } from './metrics.ts';

/**
 * One scheduled job of a feature (`x-jobs.ts`): the one place the server keeps a timer. Features used to
 * write the same timer, overlap guard, error log and unref five times over; they drifted (one overlapped,
 * one kept no handle to await on stop).
 *
 * A tick never overlaps the previous one (a slow tick skips the next); a throw is logged, never fatal;
 * the timer never keeps the process alive; `stop()` waits for a tick in flight, so a shutdown never
 * closes the database under a job. Work that must happen once across several processes is made so by
 * the job's own statements (conditional updates, advisory locks), not by this helper.
 */
interface IntervalJob {
  /** Starts the timer (idempotent). With `runAtStart`, the first tick runs now. */
  start(): void;
  /** Stops the timer and waits for a tick in flight. */
  stop(): Promise<void>;
  /** Runs one tick now unless one is in flight (then waits for that one); tests and CLIs call it. */
  runNow(): Promise<void>;
}

interface IntervalJobOptions {
  /** Named in the error log (`<name>: scheduled work failed`), in every line of a tick's logger and in the metrics. */
  name: string;
  everyMs: number;
  /**
   * One tick. `log` is the job's logger bound to `{ job, run }` (a new run id per tick): the lines of one tick
   * can be found together, as a request's are by its id.
   */
  run: (log: Logger) => Promise<void>;
  logger: Logger;
  /** Where ticks and failures are counted (ctx.metrics; absent: not counted). */
  metrics?: AppMetrics;
  runAtStart?: boolean;
}

export function createIntervalJob(options: IntervalJobOptions): IntervalJob {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;

  const tick = (): Promise<void> => {
    if (running) return running;
    const log = options.logger.child({ job: options.name, run: randomUUID() });
    const started = performance.now();
    let failed = false;
    running = options
      .run(log)
      .catch((err: unknown) => {
        failed = true;
        log.error({ err }, `${options.name}: scheduled work failed`);
      })
      .finally(() => {
        options.metrics?.jobRun(options.name, failed, (performance.now() - started) / 1000);
        running = undefined;
      });
    return running;
  };

  return {
    start() {
      if (timer) return;
      if (options.runAtStart) void tick();
      timer = setInterval(() => void tick(), options.everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    runNow: tick,
  };
}
