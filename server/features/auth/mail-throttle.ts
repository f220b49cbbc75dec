import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';

export const MAILS_PER_ADDRESS = 3;
export const MAIL_WINDOW_SECONDS = 60;

/**
 * Records a mail to `address` and answers true when fewer than 3 went to it in the last 60 s, else false
 * (nothing recorded). Callers drop the mail silently, so the HTTP answer stays the same for everyone.
 * Concurrency: an advisory lock per address serialises check-and-insert across processes.
 */
export async function reserveMailSlot(db: Database, address: string, kind: string, now: Date): Promise<boolean> {
  const key = address.toLowerCase();
  return db.transaction(async (tx) => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext(${`mail:${key}`}))`);
    const since = new Date(now.getTime() - MAIL_WINDOW_SECONDS * 1000);
    const [row] = await tx.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_send_log WHERE address = ${key} AND sent_at > ${since.toISOString()}`);
    if ((row?.n ?? 0) >= MAILS_PER_ADDRESS) return false;
    await tx.query(sql`INSERT INTO mail_send_log (address, kind, sent_at) VALUES (${key}, ${kind}, ${now.toISOString()})`);
    await tx.query(sql`DELETE FROM mail_send_log WHERE sent_at < ${new Date(now.getTime() - 3600_000).toISOString()}`);
    return true;
  });
}
