import { createRoute, z } from '@hono/zod-openapi';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { Database } from '../adapters/db/index.ts';
import { parseEnv } from '../env.ts';
import type { Feature } from './feature.ts';
import { jsonContent } from './openapi.ts';

const echoRoute = createRoute({
  method: 'post',
  path: '/api/echo',
  request: { body: { content: { 'application/json': { schema: z.object({ name: z.string().max(5), count: z.number().int() }) } } } },
  responses: { 200: jsonContent(z.object({ ok: z.boolean() }), 'ok') },
});

const echo: Feature = {
  name: 'echo',
  routes(app) {
    app.openapi(echoRoute, (c) => c.json({ ok: true }, 200));
    app.get('/api/boom', () => {
      throw new Error('database password is hunter2');
    });
  },
};

function build() {
  const lines: Array<{ level: number; msg: string; err?: unknown }> = [];
  const logger = pino({ level: 'trace' }, { write: (s: string) => lines.push(JSON.parse(s)) });
  const env = parseEnv({ NODE_ENV: 'test', BASE_URL: 'http://localhost:3000' });
  const app = createApp({ env, db: {} as Database, logger, appRoot: '/', now: () => new Date() }, [echo], { serveWeb: false });
  const post = (body: string, headers: Record<string, string> = {}) =>
    app.request('/api/echo', { method: 'POST', body, headers: { 'content-type': 'application/json', origin: env.BASE_URL, ...headers } });
  return { app, post, errorLines: () => lines.filter((l) => l.level >= 50) };
}

describe('bad input gets a clear error and no error-level log', () => {
  it('malformed JSON → 400 INVALID_JSON', async () => {
    const t = build();
    const res = await t.post('{"name": "ab",');
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('INVALID_JSON');
    expect(t.errorLines()).toEqual([]);
  });

  it('a field that breaks its schema → 400 VALIDATION_FAILED naming the field', async () => {
    const t = build();
    const res = await t.post(JSON.stringify({ name: 'toolongname', count: 1 }));
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.field).toBe('name');
    expect(t.errorLines()).toEqual([]);
  });

  it('a body over 1 MB → 413, unknown path → 404, wrong method → 405, all without error logs', async () => {
    const t = build();
    expect((await t.post(JSON.stringify({ name: 'a'.repeat(1_100_000), count: 1 }))).status).toBe(413);
    expect((await t.app.request('/api/nope')).status).toBe(404);
    expect((await t.app.request('/api/echo')).status).toBe(405);
    expect(t.errorLines()).toEqual([]);
  });

  it('an unexpected failure → 500 INTERNAL_ERROR without leaking the message, logged once at error level', async () => {
    const t = build();
    const res = await t.app.request('/api/boom');
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(t.errorLines()).toHaveLength(1);
  });
});
