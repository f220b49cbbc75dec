import { type SQL, sql } from 'drizzle-orm';
import type { DcfStudioInputs } from '../../../core/analysis/dcf/studio.ts';
import type { Queryable } from '../../adapters/db/index.ts';

/** What the server computed from the inputs when they were saved (fractions; USD per share). */
export interface ValuationResult {
  fair_value_per_share: number;
  price: number;
  upside: number;
  wacc: number;
  terminal_value_share: number;
  implied_growth: number | null;
  as_of: string;
}

export interface StoredValuation {
  id: string;
  userId: string;
  symbol: string;
  label: string | null;
  inputs: DcfStudioInputs;
  result: ValuationResult;
  analysisId: string | null;
  createdAt: string;
}

interface ValuationRow {
  id: string;
  user_id: string;
  symbol: string;
  label: string | null;
  inputs: DcfStudioInputs | string;
  result: ValuationResult | string;
  analysis_id: string | null;
  created_at: string | Date;
}

const fromJson = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function toStoredValuation(r: ValuationRow): StoredValuation {
  return {
    id: r.id,
    userId: r.user_id,
    symbol: r.symbol,
    label: r.label,
    inputs: fromJson(r.inputs),
    result: fromJson(r.result),
    analysisId: r.analysis_id,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const COLUMNS = sql`id, user_id, symbol, label, inputs, result, analysis_id, created_at`;

/** Inserts unless the user already has `limit` valuations (one statement: the count and the insert agree); false when full. */
export async function insertValuation(q: Queryable, v: StoredValuation, limit: number): Promise<boolean> {
  const rows = await q.query<{ id: string }>(sql`
    INSERT INTO valuations (id, user_id, symbol, label, inputs, result, analysis_id, created_at)
    SELECT ${v.id}, ${v.userId}, ${v.symbol}, ${v.label}, ${JSON.stringify(v.inputs)}::jsonb, ${JSON.stringify(v.result)}::jsonb, ${v.analysisId}, ${v.createdAt}
    WHERE (SELECT count(*) FROM valuations WHERE user_id = ${v.userId}) < ${limit}
    RETURNING id`);
  return rows.length === 1;
}

/** A valuation of this user, or null (another user's id is null too). */
export async function findValuation(q: Queryable, userId: string, id: string): Promise<StoredValuation | null> {
  const [row] = await q.query<ValuationRow>(sql`SELECT ${COLUMNS} FROM valuations WHERE id = ${id} AND user_id = ${userId}`);
  return row ? toStoredValuation(row) : null;
}

/** A user's valuations, newest first, optionally of one symbol. */
export async function listValuations(q: Queryable, userId: string, f: { symbol?: string; limit: number }): Promise<StoredValuation[]> {
  const where: SQL[] = [sql`user_id = ${userId}`];
  if (f.symbol) where.push(sql`symbol = ${f.symbol}`);
  const rows = await q.query<ValuationRow>(
    sql`SELECT ${COLUMNS} FROM valuations WHERE ${sql.join(where, sql` AND `)} ORDER BY created_at DESC, id DESC LIMIT ${f.limit}`,
  );
  return rows.map(toStoredValuation);
}

/** Deletes one of this user's valuations; false when there is none with that id for them. */
export async function deleteValuation(q: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(sql`DELETE FROM valuations WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
  return rows.length === 1;
}

/** The user's saved DCF valuations, oldest first, for the account export. */
export async function readValuationsForExport(q: Queryable, userId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (
      SELECT id, symbol, label, inputs, result, analysis_id, created_at FROM valuations WHERE user_id = ${userId} ORDER BY created_at, id) t`);
  return rows.map((x) => x.r);
}
