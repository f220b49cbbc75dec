import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { serveSpa } from './static.ts';

const dist = mkdtempSync(join(tmpdir(), 'sp-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
writeFileSync(join(tmpdir(), 'secret.txt'), 'top secret');

const app = new OpenAPIHono<AppEnv>();
serveSpa(app, dist, (p) => p.startsWith('/api/'));
app.notFound((c) => c.text('api 404', 404));

describe('serving the built SPA', () => {
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('caches hashed assets for a year and marks them immutable', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers client-side routes with index.html that is always revalidated', async () => {
    const res = await app.request('/fundamental-analysis/AAPL/overview');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('does not serve files outside the dist folder', async () => {
    const res = await app.request('/..%2fsecret.txt');
    expect(await res.text()).not.toContain('top secret');
  });

  it('leaves API paths and missing hashed assets to the API', async () => {
    expect((await app.request('/api/anything')).status).toBe(404);
    expect((await app.request('/assets/missing-zzz.js')).status).toBe(404);
  });
});
