import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../adapters/db/index.ts';

/** The auth feature's own SQL (better-auth's tables are written by better-auth; the session reads are in auth-session-store.ts). */

/** The development signing secret kept in `app_meta`, or undefined before the first start created it. */
export async function selectDevAuthSecret(q: Queryable): Promise<string | undefined> {
  const [row] = await q.query<{ value: string }>(sql`SELECT value FROM app_meta WHERE key = 'auth_secret_dev'`);
  return row?.value;
}

/** Stores `generated` unless another process stored one first; answers the secret that won. */
export async function insertDevAuthSecret(q: Queryable, generated: string): Promise<string> {
  await q.query(sql`INSERT INTO app_meta (key, value) VALUES ('auth_secret_dev', ${generated}) ON CONFLICT (key) DO NOTHING`);
  return (await selectDevAuthSecret(q))!;
}

/**
 * Records a mail to `key` (a lower-cased address) when fewer than `perWindow` went to it since `since`; false
 * (nothing recorded) otherwise. An advisory lock per address serialises check-and-insert across processes.
 */
export async function recordMailWithinLimit(
  db: Database,
  mail: { key: string; kind: string; now: Date },
  limit: { perWindow: number; since: Date; forgetBefore: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext(${`mail:${mail.key}`}))`);
    const [row] = await tx.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_send_log WHERE address = ${mail.key} AND sent_at > ${limit.since.toISOString()}`,
    );
    if ((row?.n ?? 0) >= limit.perWindow) return false;
    await tx.query(sql`INSERT INTO mail_send_log (address, kind, sent_at) VALUES (${mail.key}, ${mail.kind}, ${mail.now.toISOString()})`);
    await tx.query(sql`DELETE FROM mail_send_log WHERE sent_at < ${limit.forgetBefore.toISOString()}`);
    return true;
  });
}

// --- data rights (the account feature) ---

/** The account row and its sign-in methods for the export: the provider of each, never a password hash or a token. */
export async function readAccountForExport(q: Queryable, userId: string) {
  const [user] = await q.query<{ r: Record<string, unknown> }>(
    sql`SELECT row_to_json(t) AS r FROM (SELECT id, name, email, email_verified, image, created_at, updated_at FROM "user" WHERE id = ${userId}) t`,
  );
  const signInMethods = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (
      SELECT provider_id, CASE WHEN provider_id = 'credential' THEN NULL ELSE account_id END AS provider_account_id, scope, created_at, updated_at
      FROM account WHERE user_id = ${userId} ORDER BY created_at) t`);
  const sessions = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (SELECT ip_address, user_agent, created_at, updated_at, expires_at FROM session WHERE user_id = ${userId} ORDER BY created_at) t`);
  return { user: user?.r ?? null, signInMethods: signInMethods.map((x) => x.r), sessions: sessions.map((x) => x.r) };
}

/** The password hash of the user's e-mail sign-in, or null for an account without one (Google only). */
export async function selectPasswordHash(q: Queryable, userId: string): Promise<string | null> {
  const [row] = await q.query<{ password: string | null }>(
    sql`SELECT password FROM account WHERE user_id = ${userId} AND provider_id = 'credential' AND password IS NOT NULL LIMIT 1`,
  );
  return row?.password ?? null;
}

/** When a session was signed in (better-auth sets created_at at sign-in; it is never refreshed), or null when it is gone. */
export async function selectSessionCreatedAt(q: Queryable, sessionId: string): Promise<Date | null> {
  const [row] = await q.query<{ created_at: string }>(sql`SELECT created_at FROM session WHERE id = ${sessionId}`);
  return row ? new Date(row.created_at) : null;
}

/**
 * A deleted account's stand-in: a "user" row under the pseudonymous id that the kept ledger and payment rows point to.
 * It holds no personal data and cannot sign in (no account row, an address that cannot receive mail).
 */
export async function insertPseudonymousUser(q: Queryable, pseudonymId: string, at: Date): Promise<void> {
  await q.query(sql`
    INSERT INTO "user" (id, name, email, email_verified, image, created_at, updated_at)
    VALUES (${pseudonymId}, 'Deleted account', ${`${pseudonymId}@deleted.invalid`}, false, NULL, ${at.toISOString()}, ${at.toISOString()})`);
}

/**
 * Deletes the user row: every row that references it goes too (ON DELETE CASCADE: sessions, sign-in methods,
 * profile and avatar, analyses and their shares, copilot conversations, valuations, saved screens, watchlists,
 * alerts and notifications, API keys, the token balance row, a deletion request). Deleting the sessions moves
 * the session revision (migration 0930), so every process drops them.
 */
export async function deleteUserRow(q: Queryable, userId: string): Promise<{ email: string } | null> {
  const [row] = await q.query<{ email: string }>(sql`DELETE FROM "user" WHERE id = ${userId} RETURNING email`);
  return row ?? null;
}
