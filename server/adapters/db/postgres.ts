import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { redactQueryParams } from '../../lib/failed-query-params.ts';
import { bindValues, RAW_TEXT_TYPES } from './prepared.ts';
import type { Database, Orm, Queryable } from './types.ts';

// Milli-token sums and counts fit well inside 2^53; numbers on both engines keep feature code simple.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

const keepText = (v: string) => v;
const rawTextTypes = new Set(RAW_TEXT_TYPES);
const typesLikeDrizzle = {
  getTypeParser: (id: number, format?: 'text' | 'binary') => (rawTextTypes.has(id) ? keepText : pg.types.getTypeParser(id, format)),
} as pg.CustomTypesConfig;

export function openPostgres(url: string, options: { max?: number } = {}): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const orm = drizzle(pool) as unknown as Orm;
  // drizzle keeps the driver's client (the pool, or the open transaction's client) on `session.client`.
  const driverOf = (executor: Orm) => (executor as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
  const run = (executor: Orm): Queryable => ({
    async query(statement) {
      // A failed statement's error is thrown on without its bound values (keys, hashes, e-mail addresses).
      const result = await executor.execute(statement).catch((e: unknown) => Promise.reject(redactQueryParams(e)));
      return (result as unknown as { rows: never[] }).rows;
    },
    async run(statement, values) {
      // Straight to the driver: a named statement is parsed and planned once per connection.
      const result = await driverOf(executor).query({
        name: statement.name,
        text: statement.text,
        values: bindValues(statement, values),
        types: typesLikeDrizzle,
      });
      return result.rows as never[];
    },
    async exec(script) {
      // Multi-statement scripts need the simple protocol, which drizzle's execute() does not use.
      await driverOf(executor).query(script);
    },
  });
  const root = run(orm);
  return {
    kind: 'postgres',
    orm,
    pool,
    query: root.query,
    run: root.run,
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
