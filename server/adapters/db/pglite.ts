import { PGlite, types } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { redactQueryParams } from '../../lib/failed-query-params.ts';
import { bindValues, RAW_TEXT_TYPES } from './prepared.ts';
import type { Database, Orm, Queryable } from './types.ts';

type PgliteClient = {
  query(s: string, params?: unknown[], options?: { parsers?: Record<number, (v: string) => unknown> }): Promise<{ rows: never[] }>;
  exec(s: string): Promise<unknown>;
};
const keepText = Object.fromEntries(RAW_TEXT_TYPES.map((t) => [t, (v: string) => v]));
const parsers = { [types.NUMERIC]: (v: string) => Number(v), [types.INT8]: (v: string) => Number(v) };

/** Opens an in-memory PGlite database in this thread (tests, benchmarks), optionally copied from a template. */
export async function openPglite(options: { template?: PGlite } = {}): Promise<Database> {
  const client = options.template
    ? await PGlite.create({ loadDataDir: await options.template.dumpDataDir('none'), parsers })
    : await PGlite.create({ parsers });
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite, release: () => void = () => {}): Database & { client: PGlite } {
  const orm = drizzle(client) as unknown as Orm;
  // drizzle keeps the driver's client (PGlite, its worker-thread stand-in, or the open transaction) on `session.client`.
  const driverOf = (executor: Orm) => (executor as unknown as { session: { client: PgliteClient } }).session.client;
  const run = (executor: Orm): Queryable => ({
    async query(statement) {
      // A failed statement's error is thrown on without its bound values (keys, hashes, e-mail addresses).
      const result = await executor.execute(statement).catch((e: unknown) => Promise.reject(redactQueryParams(e)));
      return (result as unknown as { rows: never[] }).rows;
    },
    async run(statement, values) {
      // PGlite has no named statements to keep; the text is still built once and drizzle's per-call work skipped.
      return (await driverOf(executor).query(statement.text, bindValues(statement, values), { parsers: keepText })).rows;
    },
    async exec(script) {
      // Multi-statement scripts need the simple protocol, which drizzle's execute() does not use.
      await driverOf(executor).exec(script);
    },
  });
  const root = run(orm);
  return {
    kind: 'pglite',
    orm,
    client,
    query: root.query,
    run: root.run,
    async transaction(fn) {
      // drizzle's PGlite driver uses client.transaction(), which holds PGlite's transaction mutex.
      return orm.transaction(async (tx) => fn(run(tx as unknown as Orm)));
    },
    exec: root.exec,
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}
