import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { testDatabaseKinds } from '../test/db.ts';
import { createQueueTestDatabase, createRecordingLogger, createTestQueueHost, waitFor } from '../test/job-queue-kit.ts';
import { createIntervalJob, withJobHost } from './jobs.ts';

/** Two app instances on one database: each creates its features' jobs under its own queue host (as main.ts does). */
describe.skipIf(!testDatabaseKinds.includes('postgres'))('an interval job on the PostgreSQL job queue [postgres]', () => {
  let db: Database;
  let url: string;
  beforeAll(async () => {
    ({ db, url } = await createQueueTestDatabase());
  });
  afterAll(async () => {
    await db?.close();
  });

  it('runs once a period across two instances: period 1 s, each polls every 50 ms (~40 offers a period) → 3 periods, 3 runs, 3 distinct periods', async () => {
    const { logger } = createRecordingLogger();
    const runsBy = { a: 0, b: 0 };
    const hosts = [createTestQueueHost(url, logger), createTestQueueHost(url, logger)];
    const jobs = (['a', 'b'] as const).map((instance, i) =>
      withJobHost(hosts[i], () =>
        createIntervalJob({
          name: 'twice-started',
          everyMs: 1000,
          runAtStart: true,
          logger,
          run: async () => {
            runsBy[instance]++;
          },
        }),
      ),
    );
    for (const j of jobs) j.start();
    await waitFor(() => (runsBy.a + runsBy.b >= 3 ? true : undefined));
    await Promise.all(jobs.map((j) => j.stop()));
    await Promise.all(hosts.map((h) => h.close()));

    const ticks = await db.query<{ period: string; state: string }>(
      sql`SELECT singleton_on::text AS period, state::text FROM job_queue.job WHERE name = 'twice-started' ORDER BY singleton_on`,
    );
    const completed = ticks.filter((t) => t.state === 'completed');
    // Every run is one completed queue tick, and no period has two ticks (the unique throttle key).
    expect(runsBy.a + runsBy.b).toBe(completed.length);
    expect(completed.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks.map((t) => t.period)).size).toBe(ticks.length);
    // Periods are the database clock's whole seconds: consecutive ticks are ≥ 1 s apart.
    const starts = completed.map((t) => Date.parse(t.period));
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(1000);
  });

  it('stop() waits for a tick in flight and the queue records it completed', async () => {
    const { logger } = createRecordingLogger();
    const host = createTestQueueHost(url, logger);
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
    job.start();
    await inFlight;
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    // Several turns of the event loop and a database round trip later, the tick still holds stop() open.
    await db.query(sql`SELECT 1`);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    await host.close();
    const [tick] = await db.query<{ state: string }>(sql`SELECT state::text FROM job_queue.job WHERE name = 'slow-tick'`);
    expect(tick?.state).toBe('completed');
  });
});
