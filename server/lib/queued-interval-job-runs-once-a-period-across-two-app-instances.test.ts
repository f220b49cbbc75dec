import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { testDatabaseKinds } from '../test/db.ts';
import { createQueueTestDatabase, createRecordingLogger, createTestQueueHost, waitFor } from '../test/job-queue-kit.ts';
import { createIntervalJob, withJobHost } from './jobs.ts';

/** Two app instances on one database: each creates its features' jobs under its own queue host (as main.ts does). */
describe.runIf(testDatabaseKinds.includes('postgres'))('an interval job on the job queue, two instances on one PostgreSQL', () => {
  let on: { db: Database; url: string | undefined };
  beforeAll(async () => {
    on = await createQueueTestDatabase('postgres');
  });
  afterAll(async () => {
    await on?.db.close();
  });

  it('runs once a period: period 1 s, each instance polls every 50 ms (~40 offers a period) → each run its own period, ≥ 1 s apart', async () => {
    const { logger } = createRecordingLogger();
    const runsBy = { a: 0, b: 0 };
    const hosts = [createTestQueueHost(on, logger), createTestQueueHost(on, logger)];
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

    const ticks = await on.db.query<{ period: string; state: string }>(
      sql`SELECT singleton_on::text AS period, state::text FROM job_queue.job WHERE name = 'twice-started' ORDER BY singleton_on`,
    );
    const completed = ticks.filter((t) => t.state === 'completed');
    // Every run is one completed queue tick, and no period has two ticks (the queue's unique throttle key).
    expect(runsBy.a + runsBy.b).toBe(completed.length);
    expect(completed.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks.map((t) => t.period)).size).toBe(ticks.length);
    // Periods are the database clock's whole seconds: consecutive ticks are ≥ 1 s apart.
    const starts = completed.map((t) => Date.parse(t.period));
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(1000);
  });
});
