import type pg from 'pg';
import type { Database } from '../adapters/db/index.ts';
import { createQueueJobHost, type QueueJobHost } from '../lib/job-queue.ts';
import type { Logger } from '../lib/logger.ts';
import { createTestDatabase, type DatabaseKind } from './db.ts';

/**
 * A fresh migrated database and, on PostgreSQL, its URL: there the queue opens its own connections from it, embedded
 * it goes through the app's handle (as main.ts does).
 */
export async function createQueueTestDatabase(kind: DatabaseKind): Promise<{ db: Database; url: string | undefined }> {
  const db = await createTestDatabase(kind);
  if (kind !== 'postgres') return { db, url: undefined };
  const url = (db as unknown as { pool: pg.Pool }).pool.options.connectionString;
  if (!url) throw new Error('the test database has no URL');
  return { db, url };
}

/** A logger that keeps the lines written at error and warn (with their child bindings), and drops the rest. */
export function createRecordingLogger() {
  const lines: { level: 'error' | 'warn'; fields: Record<string, unknown>; message: unknown }[] = [];
  const make = (bindings: Record<string, unknown>): Logger =>
    ({
      child: (more: Record<string, unknown>) => make({ ...bindings, ...more }),
      error: (fields: Record<string, unknown>, message?: unknown) => lines.push({ level: 'error', fields: { ...bindings, ...fields }, message }),
      warn: (fields: Record<string, unknown>, message?: unknown) => lines.push({ level: 'warn', fields: { ...bindings, ...fields }, message }),
      info: () => {},
      debug: () => {},
    }) as unknown as Logger;
  return { logger: make({}), lines };
}

/** One process's queue host with test-sized polls: every 50 ms (the app's default is 5 s). */
export function createTestQueueHost(
  on: { db: Database; url: string | undefined },
  logger: Logger,
  retry: { retryLimit: number; retryDelaySeconds: number } = { retryLimit: 2, retryDelaySeconds: 1 },
): QueueJobHost {
  return createQueueJobHost({ databaseUrl: on.url, db: on.db, logger, pollMs: 50, ...retry });
}

/**
 * Resolves once `check` returns a value (not undefined), re-checking every 20 ms; the wait is bounded by the test's
 * timeout, never asserted on: the assertions are on what the event left behind.
 */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}
