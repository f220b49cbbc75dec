import { sql } from 'drizzle-orm';
import type { Queryable } from '../../adapters/db/index.ts';
import type { Reauthentication } from '../auth/index.ts';

export interface DeletionRequest {
  userId: string;
  requestedAt: string;
  scheduledFor: string;
  reauthenticatedBy: Reauthentication;
}

interface DeletionRow {
  user_id: string;
  requested_at: string | Date;
  scheduled_for: string | Date;
  reauthenticated_by: Reauthentication;
}

const toRequest = (r: DeletionRow): DeletionRequest => ({
  userId: r.user_id,
  requestedAt: new Date(r.requested_at).toISOString(),
  scheduledFor: new Date(r.scheduled_for).toISOString(),
  reauthenticatedBy: r.reauthenticated_by,
});

export async function selectDeletionRequest(q: Queryable, userId: string): Promise<DeletionRequest | null> {
  const [row] = await q.query<DeletionRow>(sql`SELECT * FROM account_deletion_requests WHERE user_id = ${userId}`);
  return row ? toRequest(row) : null;
}

/** Schedules the deletion; null when one is already scheduled (that one is kept, its date unchanged). */
export async function insertDeletionRequest(q: Queryable, r: DeletionRequest): Promise<DeletionRequest | null> {
  const [row] = await q.query<DeletionRow>(sql`
    INSERT INTO account_deletion_requests (user_id, requested_at, scheduled_for, reauthenticated_by)
    VALUES (${r.userId}, ${r.requestedAt}, ${r.scheduledFor}, ${r.reauthenticatedBy})
    ON CONFLICT (user_id) DO NOTHING RETURNING *`);
  return row ? toRequest(row) : null;
}

/** Cancels a scheduled deletion; false when there was none. */
export async function deleteDeletionRequest(q: Queryable, userId: string): Promise<boolean> {
  const rows = await q.query(sql`DELETE FROM account_deletion_requests WHERE user_id = ${userId} RETURNING user_id`);
  return rows.length === 1;
}

/** Users whose grace period ended by `at`, the longest-waiting first. */
export async function selectDueDeletions(q: Queryable, at: Date, limit: number): Promise<string[]> {
  const rows = await q.query<{ user_id: string }>(
    sql`SELECT user_id FROM account_deletion_requests WHERE scheduled_for <= ${at.toISOString()} ORDER BY scheduled_for, user_id LIMIT ${limit}`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * Takes a due request for this transaction: the row locked, or false when it was cancelled, is not due, or another
 * process is carrying it out now (SKIP LOCKED), so one deletion runs once across processes.
 */
export async function claimDueDeletion(tx: Queryable, userId: string, at: Date): Promise<boolean> {
  const rows = await tx.query(sql`
    SELECT user_id FROM account_deletion_requests WHERE user_id = ${userId} AND scheduled_for <= ${at.toISOString()} FOR UPDATE SKIP LOCKED`);
  return rows.length === 1;
}
