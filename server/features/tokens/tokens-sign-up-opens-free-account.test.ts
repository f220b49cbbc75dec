import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { createTestApp } from '../../test/app.ts';
import { signUpAndVerify } from '../../test/auth.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';

describeEachDatabase('sign-up opens the token account', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('a user who signs up has Free, 10 tokens and a reset one month later before anything reads the account', async () => {
    const now = new Date('2026-03-31T09:30:00.000Z');
    const t = await createTestApp(db, { now: () => now });
    const { userId, cookie } = await signUpAndVerify(t);
    // Straight from the table: the user-created hook wrote it, not a lazy read.
    const rows = await db.query<{ subscription_tier: string; allocation_mt: number; purchased_mt: number; next_reset_date: string }>(
      sql`SELECT subscription_tier, allocation_mt, purchased_mt, next_reset_date FROM user_tokens WHERE user_id = ${userId}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subscription_tier: 'Free', allocation_mt: 10_000, purchased_mt: 0 });
    expect(new Date(rows[0]!.next_reset_date).toISOString()).toBe('2026-04-30T09:30:00.000Z'); // Mar 31 + 1 month, clamped
    const [open] = await db.query<{ reason: string; actor: string }>(sql`SELECT reason, actor FROM token_ledger WHERE user_id = ${userId}`);
    expect(open).toEqual({ reason: 'open', actor: 'system' });
    const sub = await t.json('GET', '/api/subscription', undefined, { cookie });
    expect(sub.body).toEqual({ subscribed: false, subscription_tier: 'Free', subscription_end: null, tokens: 10 });
  });
});
