import { type SQL, sql } from 'drizzle-orm';
import type { AnalysisKind, AnalysisNote, Fact, FundamentalSubtype } from '../../../core/analysis/analysis-types.ts';
import type { Attribution } from '../../../core/analysis/attribution/attribution-types.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { servedOnlyOnceCaptured } from '../tokens/index.ts';

/** One analysis as stored: the request's columns plus the builder's facts, note and sections. */
export interface StoredAnalysis {
  id: string;
  userId: string;
  symbol: string;
  kind: AnalysisKind;
  subtype: FundamentalSubtype | null;
  asOf: string;
  idempotencyKey: string;
  fingerprint: string;
  costMt: number;
  holdId: string;
  createdAt: string;
  /** `attribution` is absent on rows stored before attribution existed (served as `[]`, see docs/attribution.md). */
  body: { facts: Fact[]; note: AnalysisNote; sections: unknown; attribution?: Attribution[] };
}

/** What the key's earlier run is, as the pre-check and the insert's conflict see it. */
interface KeyedRun {
  id: string;
  fingerprint: string;
  /** The run's hold: `captured` = served, `pending` = in flight, else a failed attempt the key may retry. */
  holdStatus: 'pending' | 'captured' | 'released' | 'expired' | null;
}

interface AnalysisRow {
  id: string;
  user_id: string;
  symbol: string;
  kind: AnalysisKind;
  subtype: FundamentalSubtype | null;
  as_of: string;
  idempotency_key: string;
  request_fingerprint: string;
  cost_mt: number;
  hold_id: string;
  created_at: string | Date;
  body: StoredAnalysis['body'] | string;
}

const toIso = (t: string | Date) => new Date(t).toISOString();

function toStoredAnalysis(r: AnalysisRow): StoredAnalysis {
  return {
    id: r.id,
    userId: r.user_id,
    symbol: r.symbol,
    kind: r.kind,
    subtype: r.subtype,
    asOf: r.as_of,
    idempotencyKey: r.idempotency_key,
    fingerprint: r.request_fingerprint,
    costMt: Number(r.cost_mt),
    holdId: r.hold_id,
    createdAt: toIso(r.created_at),
    body: typeof r.body === 'string' ? (JSON.parse(r.body) as StoredAnalysis['body']) : r.body,
  };
}

// Served = its hold was captured (the tokens feature's rule): the one statement that charged is also the one that makes the row visible.
const served = servedOnlyOnceCaptured(sql`a.hold_id`);
const COLUMNS = sql`a.id, a.user_id, a.symbol, a.kind, a.subtype, a.as_of, a.idempotency_key, a.request_fingerprint, a.cost_mt, a.hold_id, a.created_at, a.body`;

/**
 * Stores a run's result under its hold. The key's earlier row is taken over only when its hold failed
 * (released or expired: it was never served); false when the key's run is in flight or served.
 */
export async function insertAnalysis(q: Queryable, a: StoredAnalysis): Promise<boolean> {
  const rows = await q.query<{ id: string }>(sql`
    INSERT INTO analyses AS a (id, user_id, symbol, kind, subtype, as_of, idempotency_key, request_fingerprint, cost_mt, hold_id, body, created_at)
    VALUES (${a.id}, ${a.userId}, ${a.symbol}, ${a.kind}, ${a.subtype}, ${a.asOf}, ${a.idempotencyKey}, ${a.fingerprint}, ${a.costMt}, ${a.holdId},
            ${JSON.stringify(a.body)}::jsonb, ${a.createdAt})
    ON CONFLICT (user_id, idempotency_key) DO UPDATE SET
      id = EXCLUDED.id, symbol = EXCLUDED.symbol, kind = EXCLUDED.kind, subtype = EXCLUDED.subtype, as_of = EXCLUDED.as_of,
      request_fingerprint = EXCLUDED.request_fingerprint, cost_mt = EXCLUDED.cost_mt, hold_id = EXCLUDED.hold_id,
      body = EXCLUDED.body, created_at = EXCLUDED.created_at
    WHERE NOT EXISTS (SELECT 1 FROM token_holds h WHERE h.id = a.hold_id AND h.status IN ('pending', 'captured'))
    RETURNING a.id`);
  return rows.length === 1;
}

/** The run stored under a user's idempotency key, served or not, with its hold's state. */
export async function findRunByKey(q: Queryable, userId: string, key: string): Promise<KeyedRun | null> {
  const [row] = await q.query<{ id: string; request_fingerprint: string; status: KeyedRun['holdStatus'] }>(sql`
    SELECT a.id, a.request_fingerprint, h.status FROM analyses a LEFT JOIN token_holds h ON h.id = a.hold_id
    WHERE a.user_id = ${userId} AND a.idempotency_key = ${key}`);
  return row ? { id: row.id, fingerprint: row.request_fingerprint, holdStatus: row.status } : null;
}

/** A served analysis of this user, or null (another user's id is null too). */
export async function findServedAnalysis(q: Queryable, userId: string, id: string): Promise<StoredAnalysis | null> {
  const [row] = await q.query<AnalysisRow>(sql`SELECT ${COLUMNS} FROM analyses a WHERE a.id = ${id} AND a.user_id = ${userId} AND ${served}`);
  return row ? toStoredAnalysis(row) : null;
}

/** A served analysis by id whoever owns it: only for a share link, which its owner made. */
export async function findServedAnalysisById(q: Queryable, id: string): Promise<StoredAnalysis | null> {
  const [row] = await q.query<AnalysisRow>(sql`SELECT ${COLUMNS} FROM analyses a WHERE a.id = ${id} AND ${served}`);
  return row ? toStoredAnalysis(row) : null;
}

export interface AnalysisFilter {
  symbol?: string;
  kind?: AnalysisKind;
  subtype?: FundamentalSubtype;
  asOf?: string;
  /** Keyset: only analyses older than this (created_at, id). */
  before?: { createdAt: string; id: string };
  limit: number;
}

/** A user's served analyses, newest first, filtered. */
export async function listServedAnalyses(q: Queryable, userId: string, f: AnalysisFilter): Promise<StoredAnalysis[]> {
  const where: SQL[] = [sql`a.user_id = ${userId}`, served];
  if (f.symbol) where.push(sql`a.symbol = ${f.symbol}`);
  if (f.kind) where.push(sql`a.kind = ${f.kind}`);
  if (f.subtype) where.push(sql`a.subtype = ${f.subtype}`);
  if (f.asOf) where.push(sql`a.as_of = ${f.asOf}`);
  if (f.before) where.push(sql`(a.created_at, a.id) < (${f.before.createdAt}::timestamptz, ${f.before.id}::uuid)`);
  const rows = await q.query<AnalysisRow>(
    sql`SELECT ${COLUMNS} FROM analyses a WHERE ${sql.join(where, sql` AND `)} ORDER BY a.created_at DESC, a.id DESC LIMIT ${f.limit}`,
  );
  return rows.map(toStoredAnalysis);
}

/**
 * Deletes rows of failed attempts (their hold released or expired, so never served or charged) created
 * before `before`; returns how many. Safe in several processes at once.
 */
export async function purgeUnservedAnalyses(q: Queryable, before: string): Promise<number> {
  const rows = await q.query<{ id: string }>(sql`
    DELETE FROM analyses a USING token_holds h
    WHERE h.id = a.hold_id AND h.status IN ('released', 'expired') AND a.created_at < ${before}
    RETURNING a.id`);
  return rows.length;
}

/** The user's served analyses (their hold captured, as the history lists them), oldest first, for the account export. */
export async function readAnalysesForExport(q: Queryable, userId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (
      SELECT a.id, a.symbol, a.kind, a.subtype, a.as_of, a.cost_mt, a.body, a.created_at
      FROM analyses a WHERE a.user_id = ${userId} AND ${served} ORDER BY a.created_at, a.id) t`);
  return rows.map((x) => x.r);
}
