import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { signUpAndVerify } from '../../test/auth.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';

describeEachDatabase('rate limit: 20 parallel sign-ins from one client, 3 per 10 s allowed', (kind) => {
  let db: Database;
  afterAll(async () => db?.close());
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });

  it('answers at most 3 of 20 without 429 (counters in the database), and the limit is per client', async () => {
    // No socket and no trusted proxy: every request counts as the same client.
    const t = await createTestApp(db);
    // The other apps exist before the burst: building one takes seconds on a loaded machine, and the check
    // after the burst must land inside the same 10 s window.
    const other = await createTestApp(db);
    const proxied = await createTestApp(db, { env: { TRUST_PROXY: 'true' } });
    const user = await signUpAndVerify(t);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () => t.json('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password })),
    );
    const limited = attempts.filter((r) => r.status === 429);
    const answered = attempts.filter((r) => r.status !== 429);
    // 20 attempts − at least 17 refused = at most 3 answered.
    expect(answered.length).toBeLessThanOrEqual(3);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(limited.length).toBe(20 - answered.length);
    // Every 429 answers like every other: RATE_LIMITED, Retry-After (the address window is 10 s, so 1 to 10 s
    // remain) and the same seconds in the message. Most come from better-auth's per-address limit; which of
    // the parallel attempts the per-account throttle (it counts an attempt before the password is checked)
    // refuses instead depends on the database's timing, so both wordings are accepted.
    for (const r of limited) {
      expect(r.body.error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(r.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(10);
      expect(r.body.error.message).toMatch(
        new RegExp(`^Too many (attempts from this address|wrong passwords for this account)\\. Try again in ${retryAfter} s\\.$`),
      );
    }
    expect(limited.some((r) => r.body.error.message.startsWith('Too many attempts from this address.'))).toBe(true);
    const [row] = await db.query<{ count: number }>(sql`SELECT count FROM rate_limit WHERE key LIKE ${'%|/sign-in/email'}`);
    expect(row!.count).toBe(3);

    // A second app process on the same database shares the counters (stateless processes).
    const again = await other.json('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(again.status).toBe(429);

    // Behind a trusted proxy another client IP has its own budget.
    const elsewhere = await proxied.json(
      'POST',
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(elsewhere.status).toBe(200);
  });
});
