import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { signUpAndVerify } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { AVATAR_RATE_LIMIT } from './index.ts';

// 10 uploads per user per 60 s window; the clock sits 45 s into a window, so Retry-After is 60 − 45 = 15.
describeEachDatabase('avatar uploads are rate limited per user', (kind) => {
  let db: Database;
  let t: TestApp;
  let now = new Date('2026-05-01T08:00:45.000Z');
  beforeAll(async () => ({ db, t } = await startTestApp(kind, { now: () => now })));
  afterAll(async () => db?.close());

  const upload = (cookie: string, color: string) =>
    sharp({ create: { width: 32, height: 32, channels: 3, background: color } })
      .png()
      .toBuffer()
      .then((png) =>
        t.app.request('/api/profile/avatar', { method: 'POST', headers: { origin: 'http://localhost:3000', cookie, 'content-type': 'image/png' }, body: png }),
      );
  const storedEtag = async (userId: string) => (await db.query<{ etag: string }>(sql`SELECT etag FROM profile_avatars WHERE user_id = ${userId}`))[0]?.etag;

  it('the 11th upload in a minute is refused with 429 and Retry-After 15, and the 10th avatar stays', async () => {
    expect(AVATAR_RATE_LIMIT).toMatchObject({ limit: 10, windowSeconds: 60 });
    const u = await signUpAndVerify(t, { firstName: 'Uma', lastName: 'Upload' });
    for (let i = 0; i < 10; i++) expect((await upload(u.cookie, `#10b9${(16 + i).toString(16)}`)).status, `upload ${i + 1}`).toBe(200);
    const tenth = await storedEtag(u.userId);

    const refused = await upload(u.cookie, '#ff0000');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('15');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(await storedEtag(u.userId)).toBe(tenth);

    now = new Date('2026-05-01T08:01:00.000Z');
    expect((await upload(u.cookie, '#ff0000')).status).toBe(200);
    expect(await storedEtag(u.userId)).not.toBe(tenth);
  });
});
