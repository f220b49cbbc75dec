import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import type { Database, Queryable } from './index.ts';

// A statement issued outside any transaction is its own unit of work: it must never be sent between
// another caller's BEGIN and COMMIT/ROLLBACK, where it would commit or roll back with a stranger's work.

/** The driver's error under drizzle's "Failed query" wrapper. */
function rootError(e: unknown): { message?: string; code?: string } {
  let cur = e as { message?: string; code?: string; cause?: unknown };
  while (cur?.cause) cur = cur.cause as typeof cur;
  return cur ?? {};
}

/** Lets `n` rounds of already-queued microtasks run, to move where the plain statement lands in the race. */
async function yieldMicrotasks(n: number) {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

/** Transaction B: writes its row, then fails on a statement, so PostgreSQL aborts it (25P02 for anything after). */
const failingTransaction = (table: string, tag: string) => async (tx: Queryable) => {
  await tx.query(sql`INSERT INTO ${sql.identifier(table)} (tag) VALUES (${tag})`);
  await tx.query(sql`SELECT 1 / 0`);
};

describeEachDatabase(
  'a statement outside a transaction never runs inside another one',
  (kind) => {
    let db: Database;
    beforeAll(async () => {
      db = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await db?.close();
    });

    const tags = async (table: string) => (await db.query<{ tag: string }>(sql`SELECT tag FROM ${sql.identifier(table)} ORDER BY tag`)).map((r) => r.tag);

    // The plain INSERT is sent 0..8 microtask rounds after B is queued, so that whichever moment the
    // client would leave open between "no transaction is active" and sending is hit by one of the rounds.
    for (let delay = 0; delay <= 8; delay++) {
      it(`A open, B queued and failing, a plain INSERT, A released: the INSERT is kept, B's row is not (insert after ${delay} ticks)`, async () => {
        const table = `never_joins_a_${delay}`;
        await db.exec(`CREATE TABLE ${table} (tag text NOT NULL)`);
        let releaseA!: () => void;
        const gate = new Promise<void>((r) => {
          releaseA = r;
        });
        let aIsOpen!: () => void;
        const opened = new Promise<void>((r) => {
          aIsOpen = r;
        });
        const a = db.transaction(async (tx) => {
          await tx.query(sql`INSERT INTO ${sql.identifier(table)} (tag) VALUES ('a')`);
          aIsOpen();
          await gate;
        });
        await opened;
        const b = db.transaction(failingTransaction(table, 'b')).then(
          () => null,
          (e: unknown) => rootError(e),
        );
        await yieldMicrotasks(delay);
        const plain = db.query(sql`INSERT INTO ${sql.identifier(table)} (tag) VALUES ('plain')`).then(
          () => 'ok',
          (e: unknown) => rootError(e),
        );
        releaseA();
        await a;
        // B fails on its own statement (division by zero, 22012), not on someone else's.
        expect((await b)?.code).toBe('22012');
        // Not 25P02 ("current transaction is aborted"): the INSERT ran in no one's transaction.
        expect(await plain).toBe('ok');
        expect(await tags(table)).toEqual(['a', 'plain']);
      });
    }

    for (let delay = 0; delay <= 4; delay++) {
      it(`a plain INSERT issued just before a failing transaction B is kept (B queued after ${delay} ticks)`, async () => {
        const table = `never_joins_b_${delay}`;
        await db.exec(`CREATE TABLE ${table} (tag text NOT NULL)`);
        const plain = db.query(sql`INSERT INTO ${sql.identifier(table)} (tag) VALUES ('plain')`).then(
          () => 'ok',
          (e: unknown) => rootError(e),
        );
        await yieldMicrotasks(delay);
        const b = await db.transaction(failingTransaction(table, 'b')).then(
          () => null,
          (e: unknown) => rootError(e),
        );
        expect(b?.code).toBe('22012');
        expect(await plain).toBe('ok');
        expect(await tags(table)).toEqual(['plain']);
      });
    }

    it('100 plain INSERTs interleaved with 100 transactions, half of them failing: exactly the plain rows and the committed transactions remain', async () => {
      await db.exec('CREATE TABLE never_joins_mixed (tag text NOT NULL)');
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 100; i++) {
        work.push(db.query(sql`INSERT INTO never_joins_mixed (tag) VALUES (${`plain-${i}`})`));
        const ok = i % 2 === 0;
        work.push(
          db
            .transaction(async (tx) => {
              await tx.query(sql`INSERT INTO never_joins_mixed (tag) VALUES (${`tx-${i}`})`);
              if (!ok) await tx.query(sql`SELECT 1 / 0`);
            })
            .catch((e: unknown) => {
              if (ok || rootError(e).code !== '22012') throw e;
            }),
        );
      }
      await Promise.all(work);
      const rows = await tags('never_joins_mixed');
      // 100 plain + 50 committed transactions = 150 rows; no failed transaction's row, no plain row lost.
      expect(rows.filter((t) => t.startsWith('plain-'))).toHaveLength(100);
      expect(rows.filter((t) => t.startsWith('tx-')).sort()).toEqual(Array.from({ length: 50 }, (_, k) => `tx-${2 * k}`).sort());
      expect(rows).toHaveLength(150);
    });
  },
  { alsoOnWorker: true },
);
