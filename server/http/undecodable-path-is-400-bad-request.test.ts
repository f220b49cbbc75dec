import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { findAppRoot } from '../lib/app-root.ts';

/** The real app shell (SPA serving on, no features), with every log line captured. */
function build() {
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino({ level: 'trace' }, { write: (s: string) => lines.push(JSON.parse(s)) });
  const env = parseEnv({ NODE_ENV: 'test', BASE_URL: 'http://localhost:3000' });
  const app = createApp({ env, db: {} as Database, logger, appRoot: findAppRoot(), now: () => new Date() }, []);
  return { app, errorLines: () => lines.filter((l) => l.level >= 50) };
}

describe('a path that is not valid percent-encoding', () => {
  it.each(['/%FF', '/api/%FF', '/dev/%E0%A4%A', '/assets/%C0'])(
    'GET %s → 400 BAD_REQUEST in the error contract, nothing logged at error level',
    async (path) => {
      const t = build();
      const res = await t.app.request(path);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toEqual({ error: { code: 'BAD_REQUEST', message: expect.stringMatching(/percent-encod/), field: 'path' } });
      expect(t.errorLines()).toEqual([]);
    },
  );

  it('a well-encoded path still works: /api/%41pi is an unknown API route (404), /%E2%9C%93 a page no route matches (404, or 503 unbuilt)', async () => {
    const t = build();
    expect((await t.app.request('/api/%41pi')).status).toBe(404);
    expect([404, 503]).toContain((await t.app.request('/%E2%9C%93')).status);
    expect(t.errorLines()).toEqual([]);
  });
});
