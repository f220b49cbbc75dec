import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { type AccountFailures, countAttempt, decideSignInAttempt, FAILURES_FORGOTTEN_AFTER_MS, type SignInVerdict } from './sign-in-throttle.ts';

/** The row key of an e-mail: its SHA-256, so addresses that have no account are not kept in the clear. */
export const toAccountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Decides an attempt and, when allowed, records it as a failure in the same transaction, before the
 * password is checked: N simultaneous attempts see the counts 0…N−1, so a burst from many addresses gets
 * no more than the free failures through. `settleSignInAttempt` takes it back when it was not a failure.
 * An advisory lock per key serialises the read and the write across processes (PGlite has one connection).
 */
export async function beginSignInAttempt(db: Database, accountKey: string, now: Date): Promise<SignInVerdict> {
  const nowMs = now.getTime();
  return db.transaction(async (tx) => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext(${`sign-in:${accountKey}`}))`);
    const [row] = await tx.query<{ failures: number; last_failure_ms: number }>(sql`
      SELECT failures, (extract(epoch FROM last_failure_at) * 1000)::float8 AS last_failure_ms
      FROM sign_in_failures WHERE account_key = ${accountKey}`);
    const state: AccountFailures | null = row ? { failures: Number(row.failures), lastFailureAtMs: Number(row.last_failure_ms) } : null;
    const verdict = decideSignInAttempt(state, nowMs);
    if (verdict.kind !== 'allowed') return verdict;
    const next = countAttempt(state, nowMs);
    const at = new Date(next.lastFailureAtMs).toISOString();
    await tx.query(sql`
      INSERT INTO sign_in_failures (account_key, failures, last_failure_at) VALUES (${accountKey}, ${next.failures}, ${at})
      ON CONFLICT (account_key) DO UPDATE SET failures = EXCLUDED.failures, last_failure_at = EXCLUDED.last_failure_at`);
    // Keys typed once and never again (most of them unknown addresses) do not pile up.
    await tx.query(sql`DELETE FROM sign_in_failures WHERE last_failure_at < ${new Date(nowMs - FAILURES_FORGOTTEN_AFTER_MS).toISOString()}`);
    return verdict;
  });
}

/**
 * After better-auth answered an allowed attempt: the right password (signed in, or refused only for an
 * unconfirmed address) clears the account's failures; a wrong one stays counted; anything else (a refusal
 * before the password was checked, e.g. the per-client limit) takes the count back.
 */
export async function settleSignInAttempt(db: Database, accountKey: string, outcome: 'right-password' | 'wrong-password' | 'not-checked'): Promise<void> {
  if (outcome === 'wrong-password') return;
  if (outcome === 'right-password') await forgetSignInFailures(db, accountKey);
  else await db.query(sql`UPDATE sign_in_failures SET failures = failures - 1 WHERE account_key = ${accountKey} AND failures > 0`);
}

/** A successful sign-in or password reset: the account starts again with its free failures. */
export async function forgetSignInFailures(db: Database, accountKey: string): Promise<void> {
  await db.query(sql`DELETE FROM sign_in_failures WHERE account_key = ${accountKey}`);
}
