import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { createSeededScheduler } from './seeded-scheduler.ts';

/** A database stand-in whose statements take a few event-loop turns and log when they start and end. */
function createLoggingDatabase(log: string[]): Database {
  const slowly = async (what: string) => {
    log.push(`start ${what}`);
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    log.push(`end ${what}`);
    return [];
  };
  return {
    kind: 'pglite',
    orm: undefined as never,
    close: async () => {},
    query: (statement) => slowly(String(statement.queryChunks.map((c) => (c as { value?: string[] }).value?.join('') ?? '').join(''))),
    run: async () => [],
    exec: async () => {},
    transaction: async (fn) => fn({ query: async () => [], run: async () => [], exec: async () => {} }),
  } as Database;
}

/** Three tasks of three statements each: 9 steps, 9! / (3! 3! 3!) = 1680 possible interleavings. */
async function runThreeTasks(seed: number) {
  const log: string[] = [];
  const scheduler = createSeededScheduler();
  const db = scheduler.wrap(createLoggingDatabase(log));
  const task = (name: string) => async () => {
    for (let i = 1; i <= 3; i++) await db.query(sql.raw(`${name}${i}`));
    return name;
  };
  const { results, steps } = await scheduler.run([task('a'), task('b'), task('c')], seed);
  return { log, results, steps };
}

describe('the seeded scheduler for concurrent database steps', () => {
  it('the same seed gives the same interleaving, step for step, ten times over', async () => {
    const first = await runThreeTasks(42);
    for (let i = 0; i < 10; i++) expect((await runThreeTasks(42)).log).toEqual(first.log);
    expect(first.results).toEqual(['a', 'b', 'c'].map((value) => ({ status: 'fulfilled', value })));
  });

  it('one step runs at a time, each task’s steps in its own order, 3 + 3 + 3 = 9 steps', async () => {
    const { log, steps } = await runThreeTasks(7);
    expect(steps.length).toBe(9);
    // Each statement ends before the next one starts: start a1, end a1, start c1, end c1, …
    for (let i = 0; i < log.length; i += 2) expect(log[i + 1]).toBe(log[i]!.replace('start', 'end'));
    for (const name of ['a', 'b', 'c']) expect(log.filter((l) => l.startsWith(`start ${name}`))).toEqual([1, 2, 3].map((n) => `start ${name}${n}`));
  });

  it('different seeds give different interleavings (20 seeds, at least 10 distinct orders of 1680)', async () => {
    const orders = new Set<string>();
    for (let seed = 0; seed < 20; seed++) orders.add((await runThreeTasks(seed)).steps.join(''));
    expect(orders.size).toBeGreaterThanOrEqual(10);
  });

  it('work outside a task passes through without waiting for the scheduler', async () => {
    const log: string[] = [];
    const db = createSeededScheduler().wrap(createLoggingDatabase(log));
    await db.query(sql.raw('outside'));
    expect(log).toEqual(['start outside', 'end outside']);
  });

  it('a task that throws settles as rejected and the others still finish', async () => {
    const scheduler = createSeededScheduler();
    const db = scheduler.wrap(createLoggingDatabase([]));
    const { results } = await scheduler.run(
      [
        async () => {
          await db.query(sql.raw('x'));
          throw new Error('boom');
        },
        async () => {
          await db.query(sql.raw('y'));
          await db.query(sql.raw('z'));
          return 'ok';
        },
      ],
      3,
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
  });
});
