import { createRoute, z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { ContractMismatchError, createTestApp } from '../test/app.ts';
import { createTestDatabase } from '../test/db.ts';
import type { Feature } from './feature.ts';
import { anyone, errorResponses, jsonContent } from './openapi.ts';

/**
 * createTestApp checks every answer a server test receives against /api/openapi.json (status, then the
 * JSON body against that status's schema, strictly). This suite proves a lie in the document is caught.
 */
const Widget = z.object({ id: z.number().int(), name: z.string(), tier: z.enum(['Free', 'Pro']) }).openapi('TestWidget');
const route = (path: string) =>
  createRoute({
    operationId: `test${path.replaceAll('/', '_')}`,
    security: anyone,
    method: 'get',
    path: `/api/test/${path}`,
    responses: { 200: jsonContent(Widget, 'A widget'), ...errorResponses(404) },
  });

/** Routes whose handlers answer what their contract does not say (and one that keeps its word). */
const lyingFeature: Feature = {
  name: 'test-lying-routes',
  routes(app) {
    app.openapi(route('honest'), (c) => c.json({ id: 1, name: 'ok', tier: 'Pro' as const }, 200));
    app.openapi(route('wrong-type'), (c) => c.json({ id: '1', name: 'x', tier: 'Pro' } as never, 200));
    app.openapi(route('bad-enum'), (c) => c.json({ id: 1, name: 'x', tier: 'Basic' } as never, 200));
    app.openapi(route('extra-field'), (c) => c.json({ id: 1, name: 'x', tier: 'Free' as const, secret: 'undocumented' }, 200));
    app.openapi(route('missing-field'), (c) => c.json({ id: 1, tier: 'Free' } as never, 200));
    app.openapi(route('undocumented-status'), (c) => c.json({ error: { code: 'CONFLICT', message: 'no' } } as never, 409 as never));
  },
};

describe('every response a server test receives matches the OpenAPI document', () => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    t = await createTestApp(db, { features: [lyingFeature] });
  });
  afterAll(async () => db?.close());

  it('lets documented answers through, both success and error', async () => {
    expect((await t.json('GET', '/api/test/honest')).body).toEqual({ id: 1, name: 'ok', tier: 'Pro' });
    expect((await t.json('GET', '/api/health')).status).toBe(200);
    expect((await t.json('GET', '/api/tokens')).body.error.code).toBe('UNAUTHORIZED');
    expect(t.contractMismatches).toEqual([]);
  });

  it.each([
    ['wrong-type', /id: Invalid input: expected number/],
    ['bad-enum', /tier: Invalid option/],
    ['extra-field', /Unrecognized key: "secret"/],
    ['missing-field', /name: Invalid input/],
    ['undocumented-status', /answered 409, a status the document does not list \(it lists 200, 400, 404, 500\)/],
  ])('fails the test that received a %s answer', async (path, why) => {
    const before = t.contractMismatches.length;
    const call = t.json('GET', `/api/test/${path}`);
    await expect(call).rejects.toBeInstanceOf(ContractMismatchError);
    await expect(call).rejects.toThrow(why);
    expect(t.contractMismatches.length).toBe(before + 1);
  });

  it('checks raw app.request calls too, not only the JSON helper', async () => {
    await expect(t.app.request('/api/test/extra-field')).rejects.toThrow(/GET \/api\/test\/extra-field .* answered 200; the body does not match/);
  });

  it('documents the session cookie, an operationId on every operation and security on each', async () => {
    const doc = (await t.json('GET', '/api/openapi.json')).body;
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'stockpilot.session_token' });
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId?: string; security?: unknown[] }>>).flatMap((item) =>
      Object.values(item),
    );
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.filter((o) => !o.operationId || !Array.isArray(o.security))).toEqual([]);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
  });
});
