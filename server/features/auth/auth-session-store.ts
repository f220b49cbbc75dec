import { sql } from 'drizzle-orm';
import type { Queryable } from '../../adapters/db/index.ts';

/** The session reader's SQL (session-reader.ts): better-auth's `session` and `user` rows, read on every signed-in request. */

interface SessionWithUserRow {
  session_id: string;
  expires_ms: number;
  active_ms: number;
  id: string;
  email: string;
  name: string;
  email_verified: boolean;
  image: string | null;
}

/** The revision every sign-out, revocation or password change moves (a trigger): a change means forget the cache. */
export async function selectSessionRevision(q: Queryable): Promise<number> {
  const [row] = await q.query<{ revision: number | string }>(sql`SELECT revision FROM session_revision WHERE id = 1`);
  return Number(row?.revision ?? 0);
}

export async function selectSessionWithUser(q: Queryable, token: string): Promise<SessionWithUserRow | undefined> {
  const [row] = await q.query<SessionWithUserRow>(sql`
    SELECT s.id AS session_id, (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms,
           (extract(epoch FROM s.updated_at) * 1000)::float8 AS active_ms,
           u.id, u.email, u.name, u.email_verified, u.image
    FROM session s JOIN "user" u ON u.id = s.user_id
    WHERE s.token = ${token}`);
  return row;
}

export async function deleteSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query(sql`DELETE FROM session WHERE id = ${sessionId}`);
}

/** Records a use of the session (the revision trigger ignores updated_at). */
export async function touchSession(q: Queryable, sessionId: string, at: Date): Promise<void> {
  await q.query(sql`UPDATE session SET updated_at = ${at.toISOString()} WHERE id = ${sessionId}`);
}
