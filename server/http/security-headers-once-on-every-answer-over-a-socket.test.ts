import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { findAppRoot } from '../lib/app-root.ts';
import { createLogger } from '../lib/logger.ts';
import { startTestApp } from '../test/app.ts';
import { describeOnPglite } from '../test/db.ts';
import type { App } from './app-env.ts';
import { contentSecurityPolicy } from './security.ts';

/**
 * Under @hono/node-server the security headers go onto Node's response before the app runs (security.ts),
 * a different path from `app.request` in the other tests: here every kind of answer crosses a real socket.
 */
const expected: Record<string, string> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
};

const dist = mkdtempSync(join(tmpdir(), 'sp-headers-web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');

async function listen(app: App) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((r) => server.close(r)) };
}

/** Each header once (a second copy would read `DENY, DENY`), with its exact value. */
function expectSecurityHeaders(res: Response, label: string) {
  for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name), `${label}: ${name}`).toBe(value);
}

/** A same-origin JSON POST as the SPA sends it. */
const postJson = (body: string): RequestInit => ({ headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' }, body });

const answers: Array<[label: string, method: string, path: string, status: number, init?: RequestInit]> = [
  ['JSON', 'GET', '/api/health', 200],
  ['static JSON', 'GET', '/api/token-costs', 200],
  ['unknown API route', 'GET', '/api/nope', 404],
  ['wrong method', 'DELETE', '/api/health', 405],
  ['signed-in route without a session', 'GET', '/api/tokens', 401],
  ['validation error', 'POST', '/api/screener/query', 400, postJson('{"filters":5}')],
  ['undecodable path', 'GET', '/%FF', 400],
  ['cross-origin POST', 'POST', '/api/health', 403, { body: '{}', headers: { origin: 'https://evil.example', 'content-type': 'application/json' } }],
  ['better-auth answer', 'GET', '/api/auth/get-session', 200],
  ['better-auth error mapped to the contract', 'POST', '/api/auth/sign-in/email', 400, postJson('{"email":"not an address"}')],
  ['SPA index', 'GET', '/dashboard', 200],
  ['hashed asset', 'GET', '/assets/index-abc123.js', 200],
  ['missing asset', 'GET', '/assets/missing-zzz.js', 404],
  // Last: the server answers before reading the body and closes that connection, which the client's pool would reuse.
  ['body over 1 MB', 'POST', '/api/health', 413, postJson('x'.repeat(1024 * 1024 + 10))],
];

describeOnPglite('security headers over a socket', (kind) => {
  let db: Database;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    const started = await startTestApp(kind, { env: { WEB_DIST_DIR: dist } });
    db = started.db;
    server = await listen(started.t.app);
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it.each(answers)('%s: %s %s → %i with each security header once, and one request id', async (label, method, path, status, init) => {
    const res = await fetch(`${server.base}${path}`, { method, ...init });
    expect(res.status, label).toBe(status);
    expectSecurityHeaders(res, label);
    // Set on the socket like the security headers: every kind of answer carries exactly one (two would read `a, b`).
    expect(res.headers.get('x-request-id'), label).toMatch(/^[0-9a-f-]{36}$/);
    // Only production pins https.
    expect(res.headers.get('strict-transport-security')).toBeNull();
    await res.arrayBuffer();
  });
});

describe('HSTS over a socket', () => {
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('production: on API answers, errors and pages, once', async () => {
    const env = parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', BASE_URL: 'https://stockpilot.example', WEB_DIST_DIR: dist });
    const app = createApp({ env, db: {} as Database, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => new Date() }, []);
    const server = await listen(app);
    try {
      for (const path of ['/api/nope', '/', '/pricing', '/%FF']) {
        const res = await fetch(`${server.base}${path}`);
        expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
        expectSecurityHeaders(res, path);
      }
    } finally {
      await server.close();
    }
  });
});
