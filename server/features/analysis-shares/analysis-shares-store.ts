import { sql } from 'drizzle-orm';
import type { AnalysisKind, FundamentalSubtype } from '../../../core/analysis/analysis-types.ts';
import type { Queryable } from '../../adapters/db/index.ts';

/** A share link as its owner's list shows it (the token itself is never stored). */
export interface StoredShare {
  id: string;
  analysisId: string;
  symbol: string;
  kind: AnalysisKind;
  subtype: FundamentalSubtype | null;
  asOf: string;
  tokenPrefix: string;
  showOwnerName: boolean;
  createdAt: string;
  viewCount: number;
  lastViewedAt: string | null;
}

interface ShareRow {
  id: string;
  analysis_id: string;
  symbol: string;
  kind: AnalysisKind;
  subtype: FundamentalSubtype | null;
  as_of: string;
  token_prefix: string;
  show_owner_name: boolean;
  created_at: string | Date;
  view_count: number | string;
  last_viewed_at: string | Date | null;
}

const toIso = (t: string | Date) => new Date(t).toISOString();

const toStoredShare = (r: ShareRow): StoredShare => ({
  id: r.id,
  analysisId: r.analysis_id,
  symbol: r.symbol,
  kind: r.kind,
  subtype: r.subtype,
  asOf: r.as_of,
  tokenPrefix: r.token_prefix,
  showOwnerName: r.show_owner_name,
  createdAt: toIso(r.created_at),
  viewCount: Number(r.view_count),
  lastViewedAt: r.last_viewed_at === null ? null : toIso(r.last_viewed_at),
});

const COLUMNS = sql`s.id, s.analysis_id, a.symbol, a.kind, a.subtype, a.as_of, s.token_prefix, s.show_owner_name, s.created_at, s.view_count, s.last_viewed_at`;

interface NewShare {
  id: string;
  analysisId: string;
  userId: string;
  tokenHash: string;
  tokenPrefix: string;
  showOwnerName: boolean;
  createdAt: string;
}

/** Stores a link while its analysis has fewer than `max` (count and insert in one statement); false at the cap. */
export async function insertShare(q: Queryable, s: NewShare, max: number): Promise<boolean> {
  const rows = await q.query<{ id: string }>(sql`
    INSERT INTO analysis_shares (id, analysis_id, user_id, token_hash, token_prefix, show_owner_name, created_at)
    SELECT ${s.id}, ${s.analysisId}, ${s.userId}, ${s.tokenHash}, ${s.tokenPrefix}, ${s.showOwnerName}, ${s.createdAt}
    WHERE (SELECT count(*) FROM analysis_shares WHERE analysis_id = ${s.analysisId}) < ${max}
    RETURNING id`);
  return rows.length === 1;
}

/** The user's live links, newest first; only one analysis's with `analysisId`. */
export async function listShares(q: Queryable, userId: string, analysisId?: string): Promise<StoredShare[]> {
  const only = analysisId === undefined ? sql`` : sql` AND s.analysis_id = ${analysisId}`;
  const rows = await q.query<ShareRow>(sql`
    SELECT ${COLUMNS} FROM analysis_shares s JOIN analyses a ON a.id = s.analysis_id
    WHERE s.user_id = ${userId}${only} ORDER BY s.created_at DESC, s.id DESC`);
  return rows.map(toStoredShare);
}

/** Revokes (deletes) the user's link; false when it is not theirs or already gone. */
export async function deleteShare(q: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(sql`DELETE FROM analysis_shares WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
  return rows.length === 1;
}

/** What a live token opens: counts the view in the same statement that finds it. Null for any hash not stored. */
/** Whether a live link has this token hash (a read only: opening a link counts a view, this does not). */
export async function hasShare(q: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await q.query<{ one: number }>(sql`SELECT 1 AS one FROM analysis_shares WHERE token_hash = ${tokenHash}`);
  return rows.length > 0;
}

export async function openShare(
  q: Queryable,
  tokenHash: string,
  now: string,
): Promise<{ analysisId: string; userId: string; ownerName: string | null } | null> {
  const [row] = await q.query<{ analysis_id: string; user_id: string; show_owner_name: boolean; name: string | null }>(sql`
    WITH hit AS (
      UPDATE analysis_shares SET view_count = view_count + 1, last_viewed_at = ${now}
      WHERE token_hash = ${tokenHash} RETURNING analysis_id, user_id, show_owner_name
    )
    SELECT hit.analysis_id, hit.user_id, hit.show_owner_name, u.name FROM hit LEFT JOIN "user" u ON u.id = hit.user_id`);
  if (!row) return null;
  return { analysisId: row.analysis_id, userId: row.user_id, ownerName: row.show_owner_name ? (row.name?.trim() ?? '') || null : null };
}

/** The user's share links for the account export: which analysis, the prefix and the counts — never the token or its hash. */
export async function readSharesForExport(q: Queryable, userId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (
      SELECT id, analysis_id, token_prefix, show_owner_name, created_at, view_count, last_viewed_at
      FROM analysis_shares WHERE user_id = ${userId} ORDER BY created_at, id) t`);
  return rows.map((x) => x.r);
}
