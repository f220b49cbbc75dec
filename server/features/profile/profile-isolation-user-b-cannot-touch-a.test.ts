import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { signUpAndVerify } from '../../test/auth.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';

describeOnPglite('profile isolation: user B can neither read nor change user A', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let a: Awaited<ReturnType<typeof signUpAndVerify>>;
  let b: Awaited<ReturnType<typeof signUpAndVerify>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db);
    a = await signUpAndVerify(t, { firstName: 'Alice', lastName: 'Anders' });
    b = await signUpAndVerify(t, { firstName: 'Bob', lastName: 'Berg' });
  });
  afterAll(async () => db?.close());

  it('every profile call acts on the caller only', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#10b981' } })
      .png()
      .toBuffer();
    const up = await t.app.request('/api/profile/avatar', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: a.cookie, 'content-type': 'image/png' },
      body: png,
    });
    expect(up.status).toBe(200);
    const aAvatar = ((await up.json()) as { avatar_url: string }).avatar_url;

    // B reads: gets B's own profile, never A's.
    const bRead = await t.json('GET', '/api/profile', undefined, { cookie: b.cookie });
    expect(bRead.body).toMatchObject({ id: b.userId, first_name: 'Bob' });
    // B tries to address A's row: unknown fields are refused, nothing changes.
    const bWrite = await t.json('PATCH', '/api/profile', { id: a.userId, first_name: 'Mallory' }, { cookie: b.cookie });
    expect(bWrite.status).toBe(400);
    expect(bWrite.body.error.code).toBe('VALIDATION_FAILED');
    // B's own update touches only B.
    const bOwn = await t.json('PATCH', '/api/profile', { first_name: 'Bobby' }, { cookie: b.cookie });
    expect(bOwn.body).toMatchObject({ id: b.userId, first_name: 'Bobby', last_name: 'Berg' });
    // B cannot fetch A's avatar; A can.
    const bAvatar = await t.app.request(aAvatar, { headers: { cookie: b.cookie } });
    expect(bAvatar.status).toBe(404);
    const aAvatarRes = await t.app.request(aAvatar, { headers: { cookie: a.cookie } });
    expect(aAvatarRes.status).toBe(200);
    expect(aAvatarRes.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await aAvatarRes.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    const aRead = await t.json('GET', '/api/profile', undefined, { cookie: a.cookie });
    expect(aRead.body).toMatchObject({ id: a.userId, first_name: 'Alice', last_name: 'Anders', avatar_url: aAvatar });
  });

  it('a user without a profile row gets nulls, and the first PATCH creates it with updated_at', async () => {
    await db.query(sql`DELETE FROM profiles WHERE id = ${b.userId}`);
    const empty = await t.json('GET', '/api/profile', undefined, { cookie: b.cookie });
    expect(empty.body).toEqual({ id: b.userId, first_name: null, last_name: null, avatar_url: null, updated_at: null });
    const first = await t.json('PATCH', '/api/profile', { last_name: 'Berg' }, { cookie: b.cookie });
    expect(first.body).toMatchObject({ first_name: null, last_name: 'Berg' });
    expect(Date.parse(first.body.updated_at)).not.toBeNaN();
    const second = await t.json('PATCH', '/api/profile', { first_name: 'Bo' }, { cookie: b.cookie });
    expect(second.body).toMatchObject({ first_name: 'Bo', last_name: 'Berg' });
    expect(Date.parse(second.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.body.updated_at));
    const session = await t.json('GET', '/api/auth/get-session', undefined, { cookie: b.cookie });
    expect(session.body.user.name).toBe('Bo Berg');
  });

  it('with no user, reading and updating fail with "No user logged in"', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { first_name: 'X' }],
    ] as const) {
      const res = await t.json(method, '/api/profile', body);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'No user logged in' });
    }
  });
});
