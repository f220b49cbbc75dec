import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Orm, Queryable } from './types.ts';

// Milli-token sums and counts fit well inside 2^53; numbers on both engines keep feature code simple.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openPostgres(url: string, options: { max?: number } = {}): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const orm = drizzle(pool) as unknown as Orm;
  const run = (executor: Orm): Queryable => ({
    async query(statement) {
      const result = await executor.execute(statement);
      return (result as unknown as { rows: never[] }).rows;
    },
    async exec(script) {
      // Multi-statement scripts need the simple protocol, which drizzle's execute() does not use;
      // drizzle keeps the driver's client (or the open transaction) on `session.client`.
      const client = (executor as unknown as { session: { client: { query(s: string): Promise<unknown> } } }).session.client;
      await client.query(script);
    },
  });
  const root = run(orm);
  return {
    kind: 'postgres',
    orm,
    pool,
    query: root.query,
    async transaction(fn, options) {
      return orm.transaction(async (tx) => fn(run(tx as unknown as Orm)), {
        isolationLevel: options?.isolation ?? 'read committed',
      });
    },
    exec: root.exec,
    async close() {
      await pool.end();
    },
  };
}
