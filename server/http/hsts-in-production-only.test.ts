import { describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { findAppRoot } from '../lib/app-root.ts';
import { createLogger } from '../lib/logger.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

function build(NODE_ENV: 'production' | 'development' | 'test') {
  const env = parseEnv({ NODE_ENV, LOG_LEVEL: 'silent', BASE_URL: NODE_ENV === 'production' ? 'https://stockpilot.example' : 'http://localhost:3000' });
  return createApp({ env, db: {} as Database, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => new Date() }, []);
}

describe('Strict-Transport-Security', () => {
  it('production: on API answers, errors, pages and the 400 for an undecodable path', async () => {
    const app = build('production');
    for (const path of ['/api/nope', '/', '/pricing', '/%FF']) {
      expect((await app.request(path)).headers.get('strict-transport-security'), path).toBe(HSTS);
    }
  });

  it.each(['development', 'test'] as const)('%s: never (http://localhost must not be pinned to https)', async (mode) => {
    const app = build(mode);
    for (const path of ['/api/nope', '/', '/%FF']) {
      expect((await app.request(path)).headers.get('strict-transport-security'), path).toBeNull();
    }
  });
});
