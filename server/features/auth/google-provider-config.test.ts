import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/db.ts';

describe('Google sign-in is offered only when configured', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(async () => db?.close());

  it('without GOOGLE_CLIENT_ID/SECRET: hidden and refused', async () => {
    const t = await createTestApp(db);
    expect((await t.json('GET', '/api/auth-config')).body.providers).toEqual({ email: true, google: false });
    const start = await t.json('POST', '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/dashboard' });
    expect(start.status).toBeGreaterThanOrEqual(400);
  });

  it("with them: Google's consent screen with offline access and the consent prompt, back to our callback", async () => {
    const t = await createTestApp(db, { env: { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' } });
    expect((await t.json('GET', '/api/auth-config')).body.providers.google).toBe(true);
    const start = await t.json('POST', '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/dashboard', newUserCallbackURL: '/dashboard' });
    expect(start.status).toBe(200);
    const url = new URL(start.body.url);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
    expect(url.searchParams.get('scope')).toContain('email');
  });
});
