import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PreparedStatement } from './prepared.ts';

export type Orm = PgDatabase<PgQueryResultHKT, Record<string, never>>;
export type Row = Record<string, unknown>;

/** Something that runs statements: the database itself or an open transaction. */
export interface Queryable {
  /**
   * Runs one statement built with drizzle's `sql` template (values are always bound parameters).
   * BIGINT, COUNT and NUMERIC come back as JS numbers on both engines; timestamps as ISO-like strings.
   */
  query<T = Row>(statement: SQL): Promise<T[]>;
  /** Runs a statement prepared once with `prepareStatement` (hot paths): same answers as `query`, less work per call. */
  run<T = Row, V extends Record<string, unknown> = Record<string, unknown>>(statement: PreparedStatement<V>, values: V): Promise<T[]>;
  /** Runs a script of several statements with no parameters (migrations, DDL). */
  exec(script: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Drizzle instance for libraries that need one (better-auth's adapter). Not for feature code. */
  readonly orm: Orm;
  /**
   * Runs `fn` in one transaction and commits when it resolves, rolls back when it throws.
   * PGlite has one connection: its transactions are serialised in-process, and a statement issued
   * on the outer `Database` while a transaction is open waits for it, so never use the outer
   * handle inside `fn` (that would deadlock): use `tx`.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: { isolation?: 'read committed' | 'serializable' }): Promise<T>;
  close(): Promise<void>;
}
