import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { describeEachDatabase } from '../test/db.ts';
import { createQueueTestDatabase, createRecordingLogger, createTestQueueHost, waitFor } from '../test/job-queue-kit.ts';
import { runJobsCommand } from './job-queue-admin.ts';
import { createIntervalJob, withJobHost } from './jobs.ts';

/** The admin command's lines, as `npm run admin -- jobs …` prints them. */
async function runAdminJobs(args: string[], db: Database) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runJobsCommand(args, { db, jobQueue: 'pg-boss', io: { out: (l) => out.push(l), err: (l) => err.push(l) } });
  return { code, out, err };
}

describeEachDatabase('a job on the job queue', (kind) => {
  let db: Database;
  let on: { db: Database; url: string | undefined };
  beforeAll(async () => {
    on = await createQueueTestDatabase(kind);
    db = on.db;
  });
  afterAll(async () => {
    await db?.close();
  });

  // The back-off runs on the database's clock: instead of waiting it out, the test reads the due time pg-boss set
  // (from the attempt's start: the failure comes a few ms later, hence the upper bounds' 0.5 s of slack), then moves it
  // to now, as the clock would have: 3 attempts take well under a second of waiting.
  const readTick = () =>
    db
      .query<{ state: string; retry_count: number; due_in_s: number }>(
        sql`SELECT state::text, retry_count, extract(epoch FROM start_after - started_on)::float8 AS due_in_s FROM job_queue.job WHERE name = 'always-throws'`,
      )
      // Until the first job process has started, the queue's schema does not exist.
      .catch(() => []);
  const advanceToDue = () => db.query(sql`UPDATE job_queue.job SET start_after = now() WHERE name = 'always-throws' AND state = 'retry'`);

  it('retries 2 times with back-off (1–2 s, then 2–4 s, base 1 s), then dead-letters the tick; `jobs` shows 3 failed attempts and 1 dead letter; `jobs retry` runs it again', async () => {
    const { logger, lines } = createRecordingLogger();
    const host = createTestQueueHost(on, logger, { retryLimit: 2, retryDelaySeconds: 1 });
    let attempts = 0;
    const job = withJobHost(host, () =>
      createIntervalJob({
        name: 'always-throws',
        everyMs: 3_600_000,
        runAtStart: true,
        logger,
        run: async () => {
          attempts++;
          throw new Error(`vendor answered 503 (attempt ${attempts})`);
        },
      }),
    );
    job.start();

    // Attempt 1 fails → retry 1 due in 1 × 2^0..2^1 s = 1–2 s.
    const [first] = await waitFor(async () => ((await readTick())[0]?.state === 'retry' ? readTick() : undefined));
    expect(attempts).toBe(1);
    expect(first!.due_in_s).toBeGreaterThanOrEqual(1);
    expect(first!.due_in_s).toBeLessThanOrEqual(2.5);
    await advanceToDue();
    // Attempt 2 fails → retry 2 due in 1 × 2^1..2^2 s = 2–4 s: the back-off doubled.
    const [second] = await waitFor(async () => {
      const [t] = await readTick();
      return t?.state === 'retry' && t.retry_count === 1 ? [t] : undefined;
    });
    expect(attempts).toBe(2);
    expect(second!.due_in_s).toBeGreaterThanOrEqual(2);
    expect(second!.due_in_s).toBeLessThanOrEqual(4.5);
    await advanceToDue();
    // Attempt 3 = the last retry fails → the tick is failed and copied to the dead letters.
    await waitFor(async () => ((await readTick())[0]?.state === 'failed' ? true : undefined));
    expect(attempts).toBe(3);
    // Each attempt's throw was logged with the queue tick and the attempt number.
    expect(lines.filter((l) => l.level === 'error').map((l) => l.fields.attempt)).toEqual([1, 2, 3]);

    const listed = await runAdminJobs([], db);
    expect(listed.code).toBe(0);
    const row = listed.out.find((l) => l.startsWith('always-throws '));
    // every 1h, last run failed, idle (nothing due), 3 failed attempts, 1 dead letter.
    expect(row?.split(/\s{2,}/)).toEqual(['always-throws', '1h', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/), 'failed', 'idle', '3', '1']);
    expect(listed.out).toContain('always-throws: 1 dead letter(s), last error: vendor answered 503 (attempt 3) (npm run admin -- jobs retry always-throws)');

    const retried = await runAdminJobs(['retry', 'always-throws'], db);
    expect(retried).toMatchObject({ code: 0, out: ['always-throws: 1 dead letter(s) queued again; a job process runs them at its next poll.'] });
    await waitFor(() => (attempts === 4 ? true : undefined));
    await job.stop();
    await host.close();
    const again = await runAdminJobs([], db);
    // The dead letter was taken back (0 left); the re-queued tick failed once more and waits for its own retry.
    expect(
      again.out
        .find((l) => l.startsWith('always-throws '))
        ?.split(/\s{2,}/)
        .slice(4),
    ).toEqual([expect.stringMatching(/^retrying at /), '4', '0']);
    expect((await runAdminJobs(['retry', 'always-throws'], db)).out).toEqual(['always-throws: no dead letters.']);
    expect((await runAdminJobs(['retry', 'no-such-job'], db)).err).toEqual(['No job queue named no-such-job (there are: always-throws).']);
  });

  it('stop() waits for a tick in flight and the queue records it completed', async () => {
    const { logger } = createRecordingLogger();
    const host = createTestQueueHost(on, logger);
    let release: () => void = () => {};
    let started: () => void = () => {};
    const inFlight = new Promise<void>((r) => {
      started = r;
    });
    const job = withJobHost(host, () =>
      createIntervalJob({
        name: 'slow-tick',
        everyMs: 60_000,
        runAtStart: true,
        logger,
        run: () =>
          new Promise<void>((resolve) => {
            release = resolve;
            started();
          }),
      }),
    );
    try {
      job.start();
      await inFlight;
      let stopped = false;
      const stopping = job.stop().then(() => {
        stopped = true;
      });
      // Several turns of the event loop and a database round trip later, the tick still holds stop() open.
      await on.db.query(sql`SELECT 1`);
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(stopped).toBe(true);
      await host.close();
      const [tick] = await on.db.query<{ state: string }>(sql`SELECT state::text FROM job_queue.job WHERE name = 'slow-tick'`);
      expect(tick?.state).toBe('completed');
    } finally {
      release();
      await host.close();
    }
  });
});
