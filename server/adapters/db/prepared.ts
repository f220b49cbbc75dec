import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A hot-path statement whose text is built once. PostgreSQL runs it as a named statement, so each connection
 * parses and plans it once instead of on every call (measured: half the server's time for a ledger hold + capture,
 * see docs/ledger-performance.md). Values are `sql.placeholder(name)`s, filled at run time.
 */
export interface PreparedStatement<V extends Record<string, unknown> = Record<string, unknown>> {
  /** Unique in the app: one name always means one text on a connection. */
  readonly name: string;
  readonly text: string;
  readonly params: readonly unknown[];
  /** Type-only: the placeholder values `run` expects. */
  readonly values?: V;
}

const dialect = new PgDialect();

export function prepareStatement<V extends Record<string, unknown>>(name: string, statement: SQL): PreparedStatement<V> {
  const { sql, params } = dialect.sqlToQuery(statement);
  return { name, text: sql, params };
}

export const bindValues = <V extends Record<string, unknown>>(statement: PreparedStatement<V>, values: V): unknown[] =>
  fillPlaceholders(statement.params as unknown[], values);

/** Types drizzle's drivers hand back as the server's text (timestamps, dates, intervals and their arrays): `run` matches `query`. */
export const RAW_TEXT_TYPES = [1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231];
