import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.ts';
import { copyPgliteDirTemplate } from '../../test/template.ts';
import { DataDirLockedError, openDatabase, type Database, type Queryable } from './index.ts';

// The app opens PGlite on a worker thread; tests mostly use it in-process. Every value type the app
// reads, every error field it inspects and the transaction contract must come out the same on both.
const probe = sql`SELECT 9007199254740991::bigint AS big, 12.5::numeric AS num, 3::int AS small,
  '2026-11-22 10:00:00+00'::timestamptz AS at, '2026-11-22'::date AS day, '\\x01ff'::bytea AS bytes,
  '{"a":[1,2]}'::jsonb AS doc, ARRAY[1,2]::int[] AS ints, NULL::text AS nothing, true AS yes`;

/** The driver's own message, under drizzle's "Failed query" wrapper. */
function rootMessage(e: unknown): string {
  let cur = e as { message?: string; cause?: unknown };
  while (cur?.cause) cur = cur.cause as typeof cur;
  return cur?.message ?? String(e);
}

describe('PGlite on a worker thread answers as PGlite in-process does', () => {
  let inProcess: Database;
  let threaded: Database;
  beforeAll(async () => {
    [inProcess, threaded] = await Promise.all([createTestDatabase('pglite'), createTestDatabase('pglite-worker')]);
  });
  afterAll(async () => {
    await inProcess?.close();
    await threaded?.close();
  });

  it('returns the same values for every type the app reads', async () => {
    const [a] = await inProcess.query(probe);
    const [b] = await threaded.query(probe);
    expect(b).toEqual(a);
    // BIGINT and NUMERIC as numbers, timestamps as strings (drizzle's parsers), bytea as bytes.
    expect(b).toMatchObject({ big: 9007199254740991, num: 12.5, small: 3, day: '2026-11-22', doc: { a: [1, 2] }, ints: [1, 2], nothing: null, yes: true });
    expect(typeof (b as { at: unknown }).at).toBe('string');
    expect(Array.from((b as { bytes: Uint8Array }).bytes)).toEqual([1, 255]);
  });

  it('keeps the PostgreSQL error code and constraint on a unique violation', async () => {
    await threaded.exec('CREATE TABLE uniq_probe (k text CONSTRAINT uniq_probe_k UNIQUE)');
    await threaded.query(sql`INSERT INTO uniq_probe VALUES ('x')`);
    const error = await threaded.query(sql`INSERT INTO uniq_probe VALUES ('x')`).catch((e: unknown) => e);
    let cause: unknown = error;
    while (cause && typeof cause === 'object' && !('code' in cause)) cause = (cause as { cause?: unknown }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'uniq_probe_k' });
  });

  it('fails only the statement whose parameter cannot cross threads; the next one runs', async () => {
    const bad = sql`SELECT ${(() => 1) as unknown as number} AS n`;
    expect(rootMessage(await threaded.query(bad).catch((e: unknown) => e))).toMatch(/could not be cloned/);
    expect(await threaded.query(sql`SELECT 2::int AS n`)).toEqual([{ n: 2 }]);
  });

  it('rolls a transaction back when its function throws: nothing of it remains', async () => {
    await threaded.exec('CREATE TABLE tx_probe (n int)');
    await expect(
      threaded.transaction(async (tx) => {
        await tx.query(sql`INSERT INTO tx_probe VALUES (1)`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await threaded.query(sql`SELECT count(*)::int AS n FROM tx_probe`)).toEqual([{ n: 0 }]);
  });

  it('holds statements issued outside an open transaction until it commits', async () => {
    await threaded.exec('CREATE TABLE order_probe (n int)');
    const seen: string[] = [];
    let inside!: () => void;
    const insideTx = new Promise<void>((r) => {
      inside = r;
    });
    const tx = threaded.transaction(async (t) => {
      await t.query(sql`INSERT INTO order_probe VALUES (1)`);
      inside();
      await new Promise((r) => setTimeout(r, 50));
      seen.push('tx done');
    });
    await insideTx;
    // Issued while the transaction is open: it must see the committed row, never a half-done state.
    const outside = threaded.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM order_probe`).then((rows) => {
      seen.push(`outside saw ${rows[0]!.n}`);
    });
    await Promise.all([tx, outside]);
    expect(seen).toEqual(['tx done', 'outside saw 1']);
  });

  it('refuses a statement on a transaction that has ended instead of running it outside one', async () => {
    let leaked: Queryable | undefined;
    await threaded.transaction(async (tx) => {
      leaked = tx;
    });
    expect(rootMessage(await leaked!.query(sql`SELECT 1`).catch((e: unknown) => e))).toMatch(/already ended/);
  });

  it('runs 100 concurrent transactions one at a time: the counter ends at 100', async () => {
    await threaded.exec('CREATE TABLE counter_probe (n int); INSERT INTO counter_probe VALUES (0)');
    await Promise.all(
      Array.from({ length: 100 }, () =>
        threaded.transaction(async (tx) => {
          const [{ n }] = (await tx.query<{ n: number }>(sql`SELECT n FROM counter_probe`)) as [{ n: number }];
          await tx.query(sql`UPDATE counter_probe SET n = ${n + 1}`);
        }),
      ),
    );
    // A lost update (two transactions reading the same n) would leave it below 100.
    expect(await threaded.query(sql`SELECT n FROM counter_probe`)).toEqual([{ n: 100 }]);
  });
});

describe('PGlite on a worker thread: the data directory and the thread', () => {
  it('refuses a second open of the same directory at once', async () => {
    const dir = await copyPgliteDirTemplate();
    const first = await openDatabase({ pgliteDir: dir });
    try {
      await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a directory PGlite cannot open fails with the directory and what to do, and leaves it unlocked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sp-pglite-bad-'));
    writeFileSync(join(dir, 'PG_VERSION'), '99\n'); // not a data directory this PGlite can use
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await openDatabase({ pgliteDir: dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain(`Could not open the PGlite database in ${dir}`);
      expect((error as Error).message).toContain('set PGLITE_DIR to another directory');
    }
    expect(existsSync(join(dir, 'stockpilot.lock'))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps what was committed across a close and a re-open, and refuses statements after close', async () => {
    const dir = await copyPgliteDirTemplate();
    const first = await openDatabase({ pgliteDir: dir });
    await first.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('survives')");
    await first.close();
    await expect(first.query(sql`SELECT 1`)).rejects.toThrow();
    const second = await openDatabase({ pgliteDir: dir });
    expect(await second.query(sql`SELECT v FROM kept`)).toEqual([{ v: 'survives' }]);
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails pending statements and reports the failure when the thread dies', async () => {
    const dir = await copyPgliteDirTemplate();
    const failures: Error[] = [];
    const db = await openDatabase({ pgliteDir: dir, onFailure: (e) => failures.push(e) });
    // pg_sleep keeps a statement pending; the thread is then stopped under it.
    const pending = db.query(sql`SELECT pg_sleep(5)`);
    await new Promise((r) => setTimeout(r, 100));
    await (db as unknown as { client: { abort(): Promise<void> } }).client.abort();
    expect(rootMessage(await pending.catch((e: unknown) => e))).toMatch(/database worker exited/);
    expect(failures).toHaveLength(1);
    expect(rootMessage(await db.query(sql`SELECT 1`).catch((e: unknown) => e))).toMatch(/database worker exited/);
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
