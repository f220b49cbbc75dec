import type { Database } from '../../adapters/db/index.ts';
import { recordMailWithinLimit } from './auth-store.ts';

const MAILS_PER_ADDRESS = 3;
const MAIL_WINDOW_SECONDS = 60;

/**
 * Records a mail to `address` and answers true when fewer than 3 went to it in the last 60 s, else false
 * (nothing recorded). Callers drop the mail silently, so the HTTP answer stays the same for everyone.
 * Concurrency: an advisory lock per address serialises check-and-insert across processes.
 */
export async function reserveMailSlot(db: Database, address: string, kind: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - MAIL_WINDOW_SECONDS * 1000);
  // The log keeps an hour: enough for the window, small enough to scan.
  const forgetBefore = new Date(now.getTime() - 3600_000);
  return recordMailWithinLimit(db, { key: address.toLowerCase(), kind, now }, { perWindow: MAILS_PER_ADDRESS, since, forgetBefore });
}
