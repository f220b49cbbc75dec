import PgBoss from 'pg-boss';
import type { Queryable } from '../adapters/db/index.ts';
import type { HostedJob, JobHost } from './jobs.ts';
import type { Logger } from './logger.ts';

/** The queue's tables live in their own schema, created and migrated by pg-boss itself at start (docs/job-queue.md). */
export const JOB_QUEUE_SCHEMA = 'job_queue';
/** Where a job's queue puts the jobs that failed their last retry. */
export const deadLetterQueueOf = (jobName: string) => `${jobName}-dead`;

/**
 * pg-boss's connection (`executeSql`) over the app's own handle: how the queue runs on the embedded PGlite (one
 * connection, no URL), and inside a transaction of the admin command. Statements with values, or without, run one at a
 * time as the app's prepared statements do; pg-boss's schema scripts (several statements, no values) run as a script.
 */
export function createQueueSql(q: Queryable): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    async executeSql(text, values) {
      try {
        return { rows: await q.run({ name: '', text, params: values ?? [] }, {}) };
      } catch (e) {
        if (values?.length || !/cannot insert multiple commands into a prepared statement/i.test(String((e as Error).message))) throw e;
        await q.exec(text);
        return { rows: [] };
      }
    },
  };
}

export interface QueueJobHostOptions {
  /** PostgreSQL: the queue opens its own two connections from the URL, so its polls never wait for the app's pool. */
  databaseUrl?: string;
  /** Without a URL (the embedded PGlite): the queue's statements go through the app's handle. */
  db: Queryable;
  logger: Logger;
  /** How often each process looks for a due tick or a retry of each job (the queue's own poll; its back-off is in whole seconds). */
  pollMs: number;
  /** Retries after a failed tick; then the tick goes to the job's dead-letter queue. */
  retryLimit: number;
  /** Base of the back-off: retry n waits 2^(n-1) to 2^n times this (pg-boss's jittered exponential back-off). */
  retryDelaySeconds: number;
}

export type QueueJobHost = JobHost & {
  /** Stops every schedule (waiting for ticks in flight) and the queue's connections. */
  close(): Promise<void>;
};

/** A killed process's active tick blocks its job (one active at a time) until it expires: long enough for a slow tick, short enough to recover. */
export const expireSecondsOf = (everyMs: number) => Math.min(23 * 3600, Math.max(900, Math.ceil((2 * everyMs) / 1000)));

/**
 * Interval jobs as pg-boss queues, on PostgreSQL or the embedded PGlite (measured in docs/job-queue.md). Each process that runs jobs polls each job's queue: it offers the
 * current period's tick (a throttled send: one job per job name and period across all processes, periods aligned
 * on the database's clock) and takes a due one (SKIP LOCKED; the queue's `singleton` policy keeps one active at a
 * time across processes). A tick that throws is failed back to the queue, retried with back-off, and after the last
 * retry copied to `<name>-dead`, where `npm run admin -- jobs` shows it. Nothing is opened until a job starts, so a
 * web process (which never starts a job) holds no queue connection.
 */
export function createQueueJobHost(options: QueueJobHostOptions): QueueJobHost {
  const { logger } = options;
  let opening: Promise<PgBoss> | undefined;
  const schedules = new Set<{ stop(): Promise<void> }>();
  // pg-boss's create_queue attaches a partition: two at once deadlock (measured: 58 of 60 polls at a worker's start),
  // so this process creates its queues one after another.
  let creating: Promise<unknown> = Promise.resolve();
  const createQueues = (create: () => Promise<void>) => {
    const next = creating.then(create);
    creating = next.catch(() => {});
    return next;
  };

  const open = () => {
    opening ??= (async () => {
      const boss = new PgBoss({
        ...(options.databaseUrl
          ? // Two connections: the polls are short; the ticks' own statements go through the app's pool.
            { connectionString: options.databaseUrl, max: 2, application_name: 'stockpilot-jobs' }
          : { db: createQueueSql(options.db) }),
        schema: JOB_QUEUE_SCHEMA,
        // No cron (our periods are intervals, some under a minute); maintenance expires a killed process's tick and archives.
        schedule: false,
        supervise: true,
      });
      boss.on('error', (err: Error) => logger.warn({ err }, 'job queue: background maintenance failed'));
      await boss.start();
      return boss;
    })().catch((e: unknown) => {
      opening = undefined;
      throw e;
    });
    return opening;
  };

  const schedule = (job: HostedJob) => {
    const periodSeconds = Math.max(1, Math.round(job.everyMs / 1000));
    const queueOptions = {
      name: job.name,
      policy: 'singleton' as const,
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: expireSecondsOf(job.everyMs),
      deadLetter: deadLetterQueueOf(job.name),
    };
    let ready: Promise<PgBoss> | undefined;
    const prepare = () => {
      ready ??= open()
        .then((boss) =>
          createQueues(async () => {
            await boss.createQueue(deadLetterQueueOf(job.name), { name: deadLetterQueueOf(job.name), policy: 'standard' });
            // create_queue leaves an existing queue alone; the update carries changed retry settings to it.
            await boss.createQueue(job.name, queueOptions);
            await boss.updateQueue(job.name, queueOptions);
          }).then(() => boss),
        )
        // A failed preparation (database away, a deadlock with another process's) is tried again at the next poll.
        .catch((e: unknown) => {
          ready = undefined;
          throw e;
        });
      return ready;
    };
    // Monotonic: a test may freeze the process's Date (server/test/app-process-clock.ts); timers stay real.
    const startedAt = performance.now();
    let due = job.runAtStart;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polling: Promise<void> | undefined;

    const poll = async () => {
      const boss = await prepare();
      // Without runAtStart, the first period's tick is offered one period after start, as the timer's first tick was.
      if (!due && performance.now() - startedAt >= job.everyMs) due = true;
      if (due) await boss.send(job.name, { everyMs: job.everyMs }, { singletonKey: job.name, singletonSeconds: periodSeconds });
      if (stopped) return;
      const [next] = await boss.fetch<{ everyMs?: number }>(job.name, { includeMetadata: true });
      if (!next) return;
      try {
        await job.run({ queueJob: next.id, attempt: next.retryCount + 1 });
      } catch (err) {
        await boss.fail(job.name, next.id, { message: err instanceof Error ? err.message : String(err) });
        return;
      }
      await boss.complete(job.name, next.id);
    };
    const loop = () => {
      polling = poll()
        .catch((err: unknown) => logger.warn({ err, job: job.name }, `${job.name}: the job queue could not be polled`))
        .finally(() => {
          polling = undefined;
          if (stopped) return;
          timer = setTimeout(loop, Math.min(options.pollMs, job.everyMs));
          timer.unref();
        });
    };
    loop();
    const handle = {
      async stop() {
        stopped = true;
        if (timer) clearTimeout(timer);
        await polling;
        schedules.delete(handle);
      },
    };
    schedules.add(handle);
    return handle;
  };

  return {
    schedule,
    async close() {
      await Promise.all([...schedules].map((s) => s.stop()));
      const boss = await opening?.catch(() => undefined);
      // close: only a pool pg-boss opened itself is ended (never the app's handle).
      await boss?.stop({ graceful: false, close: true });
    },
  };
}
