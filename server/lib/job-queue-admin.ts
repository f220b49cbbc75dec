import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../adapters/db/index.ts';
import { createQueueSql, deadLetterQueueOf, JOB_QUEUE_SCHEMA } from './job-queue.ts';

export const jobsUsage = `  jobs                                            each scheduled job: period, last run, state, failed attempts, dead letters
  jobs retry <job name>                           queue the job's dead letters again (the next poll of a job process runs them)`;

/** One job as an operator sees it in the queue (`npm run admin -- jobs`). */
export interface QueuedJobReport {
  name: string;
  everyMs: number | null;
  retryLimit: number;
  lastRunAt: string | null;
  lastRunOutcome: 'completed' | 'failed' | null;
  /** The newest tick: `due` (waiting for a poll), `running`, `retrying` (failed, waiting for its back-off), `idle` (done); `no tick yet` (started less than a period ago). */
  state: 'due' | 'running' | 'retrying' | 'idle' | 'no tick yet';
  /** When `retrying`: when the retry is due. */
  retryAt: string | null;
  /** Failed attempts among the ticks the queue still holds (pg-boss archives finished ticks after 12 h, keeps them 7 days). */
  failedAttempts: number;
  lastError: string | null;
  deadLetters: number;
}

const Q = sql.raw(JOB_QUEUE_SCHEMA);

/** Every job queue with its figures; null when no job process has created the queue's schema yet. */
export async function listQueuedJobs(db: Queryable): Promise<QueuedJobReport[] | null> {
  const [exists] = await db.query<{ at: string | null }>(sql`SELECT to_regclass(${`${JOB_QUEUE_SCHEMA}.queue`})::text AS at`);
  if (!exists?.at) return null;
  // A finished tick moves from job to archive; both count, as one history.
  const rows = await db.query<{
    name: string;
    retry_limit: number;
    every_ms: number | null;
    last_run_at: string | null;
    last_run_state: string | null;
    newest_state: string | null;
    newest_start_after: string | null;
    failed_attempts: number;
    last_error: string | null;
    dead_letters: number;
  }>(sql`
    WITH ticks AS (
      SELECT name, state::text AS state, retry_count, start_after, created_on, completed_on, data, output FROM ${Q}.job
      UNION ALL
      SELECT name, state::text, retry_count, start_after, created_on, completed_on, data, output FROM ${Q}.archive
    )
    SELECT q.name, q.retry_limit,
      (SELECT (t.data->>'everyMs')::bigint FROM ticks t WHERE t.name = q.name AND t.data ? 'everyMs' ORDER BY t.created_on DESC LIMIT 1) AS every_ms,
      last.completed_on::text AS last_run_at, last.state AS last_run_state,
      newest.state AS newest_state, newest.start_after::text AS newest_start_after,
      (SELECT coalesce(sum(t.retry_count + CASE WHEN t.state IN ('failed', 'retry') THEN 1 ELSE 0 END), 0)
         FROM ticks t WHERE t.name = q.name) AS failed_attempts,
      (SELECT t.output->>'message' FROM ticks t WHERE t.name = q.name AND t.output ? 'message' ORDER BY t.created_on DESC LIMIT 1) AS last_error,
      (SELECT count(*) FROM ${Q}.job d WHERE d.name = q.dead_letter AND d.state IN ('created', 'retry', 'active')) AS dead_letters
    FROM ${Q}.queue q
    LEFT JOIN LATERAL (
      SELECT t.state, t.completed_on FROM ticks t WHERE t.name = q.name AND t.state IN ('completed', 'failed') ORDER BY t.completed_on DESC LIMIT 1
    ) last ON true
    LEFT JOIN LATERAL (SELECT t.state, t.start_after FROM ticks t WHERE t.name = q.name ORDER BY t.created_on DESC LIMIT 1) newest ON true
    WHERE q.dead_letter IS NOT NULL
    ORDER BY q.name`);
  return rows.map((r) => ({
    name: r.name,
    everyMs: r.every_ms,
    retryLimit: r.retry_limit,
    lastRunAt: r.last_run_at,
    lastRunOutcome: r.last_run_state === 'completed' || r.last_run_state === 'failed' ? r.last_run_state : null,
    state:
      r.newest_state === null
        ? 'no tick yet'
        : r.newest_state === 'created'
          ? 'due'
          : r.newest_state === 'active'
            ? 'running'
            : r.newest_state === 'retry'
              ? 'retrying'
              : 'idle',
    retryAt: r.newest_state === 'retry' ? r.newest_start_after : null,
    failedAttempts: Number(r.failed_attempts),
    lastError: r.last_error,
    deadLetters: Number(r.dead_letters),
  }));
}

const formatPeriod = (ms: number | null) =>
  ms === null ? '—' : ms % 3_600_000 === 0 ? `${ms / 3_600_000}h` : ms % 60_000 === 0 ? `${ms / 60_000}m` : `${ms / 1000}s`;
const formatTime = (at: string | null) => (at ? `${at.slice(0, 19).replace('T', ' ')} UTC` : '—');

/** The `jobs` table for a terminal: one line a job, then the newest error of each job that has dead letters. */
export function formatQueuedJobs(jobs: QueuedJobReport[]): string[] {
  const head = ['job', 'every', 'last run', 'outcome', 'state', 'failed attempts', 'dead letters'];
  const rows = jobs.map((j) => [
    j.name,
    formatPeriod(j.everyMs),
    formatTime(j.lastRunAt),
    j.lastRunOutcome ?? '—',
    j.state === 'retrying' ? `retrying at ${formatTime(j.retryAt)}` : j.state,
    String(j.failedAttempts),
    String(j.deadLetters),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const notes = jobs
    .filter((j) => j.deadLetters > 0)
    .map((j) => `${j.name}: ${j.deadLetters} dead letter(s), last error: ${j.lastError ?? '?'} (npm run admin -- jobs retry ${j.name})`);
  return [line(head), ...rows.map(line), ...(notes.length ? ['', ...notes] : [])];
}

/**
 * Puts a job's dead letters back on its queue, in one transaction (claimed from the dead-letter queue, sent, completed
 * there), so a crash half-way neither loses nor doubles one. They keep the job's singleton key: never two at once.
 */
export async function requeueDeadLetters(db: Database, jobName: string): Promise<number> {
  return db.transaction(async (tx) => {
    // No start(): sending, fetching and completing need only the schema, which the job processes created.
    const boss = new PgBoss({ db: createQueueSql(tx), schema: JOB_QUEUE_SCHEMA, supervise: false, schedule: false, migrate: false });
    const dead = await boss.fetch(deadLetterQueueOf(jobName), { batchSize: 1000 });
    for (const job of dead) await boss.send(jobName, job.data as object, { singletonKey: jobName });
    // pg-boss 10 takes (name, ids, data, options) for several ids too; its types leave out `data` there.
    const complete = boss.complete.bind(boss) as unknown as (name: string, ids: string[], data: object) => Promise<void>;
    if (dead.length)
      await complete(
        deadLetterQueueOf(jobName),
        dead.map((j) => j.id),
        { requeued: true },
      );
    return dead.length;
  });
}

/** `npm run admin -- jobs [retry <name>]`; the exit code (0 done, 1 nothing to do or not possible, 2 usage). */
export async function runJobsCommand(
  args: string[],
  deps: { db: Database; jobQueue: 'pg-boss' | 'in-process'; io: { out(line: string): void; err(line: string): void } },
): Promise<number> {
  const { io } = deps;
  const [sub, name, ...rest] = args;
  if (sub === 'retry') {
    if (!name || rest.length) {
      io.err(`Usage:\n${jobsUsage}`);
      return 2;
    }
    const jobs = await listQueuedJobs(deps.db);
    if (!jobs?.some((j) => j.name === name)) {
      io.err(`No job queue named ${name}${jobs?.length ? ` (there are: ${jobs.map((j) => j.name).join(', ')})` : ''}.`);
      return 1;
    }
    const requeued = await requeueDeadLetters(deps.db, name);
    io.out(requeued ? `${name}: ${requeued} dead letter(s) queued again; a job process runs them at its next poll.` : `${name}: no dead letters.`);
    return requeued ? 0 : 1;
  }
  if (sub !== undefined) {
    io.err(`Usage:\n${jobsUsage}`);
    return 2;
  }
  const jobs = await listQueuedJobs(deps.db);
  if (deps.jobQueue === 'in-process') io.out('JOB_QUEUE=in-process: the job processes run their jobs on timers; the queue below is what they left.');
  if (!jobs?.length) {
    io.out("No job queue yet: a process with ROLE=all or worker creates each job's queue when its jobs start.");
    return 0;
  }
  for (const line of formatQueuedJobs(jobs)) io.out(line);
  return 0;
}
