import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { startTestApp, type TestApp } from '../test/app.ts';
import { signUpAndVerify } from '../test/auth.ts';
import { describeEachDatabase } from '../test/db.ts';

type Operation = { security?: Array<Record<string, unknown>>; parameters?: Array<{ in: string; name: string }> };

/**
 * Signed-in answers (balances, sessions with their tokens, exports) must never be kept by a browser or a
 * shared cache: every /api answer is `no-store` unless its route opts in to caching (public market data).
 * Checked over a real socket (headers set on Node's response first) and through `app.request`.
 */
describeEachDatabase('API answers are no-store unless the route opts in to caching', (kind) => {
  let db: Database;
  let t: TestApp;
  let base: string;
  let close: () => Promise<unknown>;
  let cookie: string;
  beforeAll(async () => {
    ({ db, t } = await startTestApp(kind));
    ({ cookie } = await signUpAndVerify(t));
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((r) => server.close(r));
  });
  afterAll(async () => {
    await close?.();
    await db?.close();
  });

  const overSocket = (path: string) => fetch(`${base}${path}`, { headers: { cookie } });

  it("every signed-in GET in the OpenAPI document, and better-auth's get-session, answers Cache-Control: no-store once", async () => {
    const doc = (await t.json('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
    const paths = Object.entries(doc.paths)
      .filter(([, item]) => item.get?.security?.some((s) => 'sessionCookie' in s))
      // A path parameter no row has: the 404 (or 400) a signed-in client gets is private too.
      .map(([path]) => path.replace(/\{[^}]+\}/g, 'AAPL'));
    expect(paths.length).toBeGreaterThan(20);
    // list-sessions (it returns session tokens) is switched off: its 404 is no-store like every /api answer.
    for (const path of ['/api/auth/list-sessions', '/api/auth/get-session', ...paths]) {
      const res = await overSocket(path);
      await res.arrayBuffer();
      expect(res.status, path).toBeLessThan(500);
      if (path === '/api/auth/list-sessions') expect(res.status).toBe(404);
      if (path === '/api/auth/get-session') expect(res.status).toBe(200);
      // The avatar is the one signed-in read with its own policy (private, revalidated or immutable by version).
      const expected = path.startsWith('/api/profile/avatar/') && res.status !== 404 ? /^private, / : /^no-store$/;
      expect(res.headers.get('cache-control'), path).toMatch(expected);
    }
  });

  it('the same through app.request, and a refused request (401, 400) is no-store too', async () => {
    for (const [path, status] of [
      ['/api/tokens', 200],
      ['/api/auth/get-session', 200],
      ['/api/auth/list-sessions', 404],
      ['/api/analyses?cursor=x', 400],
    ] as const) {
      const res = await t.json('GET', path, undefined, { cookie });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const signedOut = await t.json('GET', '/api/tokens');
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('cache-control')).toBe('no-store');
  });

  it('public routes keep their own caching, once, both ways', async () => {
    for (const [path, value] of [
      ['/api/watchlists/sample', 'public, max-age=300'],
      ['/api/screener/fields', 'public, max-age=60'],
    ] as const) {
      const viaSocket = await overSocket(path);
      await viaSocket.arrayBuffer();
      expect(viaSocket.headers.get('cache-control'), path).toBe(value);
      expect((await t.json('GET', path)).headers.get('cache-control'), path).toBe(value);
    }
  });
});
