import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { startTestApp, type TestApp } from '../test/app.ts';
import { describeOnPglite } from '../test/db.ts';

describeOnPglite('HTTP contract basics', (kind) => {
  let db: Database;
  let t: TestApp;
  beforeAll(async () => ({ db, t } = await startTestApp(kind)));
  afterAll(() => db.close());

  it('health names the database kind and the adapters', async () => {
    const res = await t.json('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.database).toBe(kind);
    expect(typeof res.body.adapters).toBe('object');
  });

  it('an unknown API path is a 404 JSON error', async () => {
    const res = await t.json('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('a wrong method is 405 with an Allow header', async () => {
    const res = await t.json('DELETE', '/api/health');
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('the OpenAPI document is generated from the routes', async () => {
    const res = await t.json('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });

  it('security headers are on every answer', async () => {
    const res = await t.app.request('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('a cross-origin POST is refused before it reaches a handler', async () => {
    const res = await t.json('POST', '/api/health', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CSRF_REJECTED');
  });

  it('a body over 1 MB is 413', async () => {
    const big = JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) });
    const res = await t.json('POST', '/api/health', big);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
