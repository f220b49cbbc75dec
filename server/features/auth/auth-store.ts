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
