import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';
import type { Database } from './index.ts';

/** A logger as the app builds it, writing its lines here. */
function captureLogs() {
  const lines: string[] = [];
  return { lines, logger: createLogger('trace', { write: (s: string) => void lines.push(s) }) };
}

// What an API key's hash looks like; PostgreSQL quotes it back in "invalid input syntax for type uuid".
const secret = 'sha256_5f4dcc3b5aa765d61d8327deb882cf99_secret';
const failing = () => sql`SELECT key_hash FROM (VALUES (${secret})) AS k(key_hash) WHERE ${secret}::uuid IS NOT NULL`;

describeEachDatabase('a failed query never prints its bound values', (kind) => {
  let db: Database;
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    ({ db, t } = await startTestApp(kind, {
      logger: logs.logger,
      features: [
        {
          name: 'test-failing-query',
          routes: (app) => app.get('/api/test/failing-query', async (c) => c.json(await t.ctx.db.query(failing()))),
        },
      ],
    }));
  });
  afterAll(() => db.close());

  it('the error thrown out of db.query keeps the statement and loses the values (message, stack, params, cause)', async () => {
    const err = await db.query(failing()).then(
      () => expect.fail('the query should fail'),
      (e: unknown) => e as Error & { params?: unknown; query?: string },
    );
    expect(err.message).toContain('Failed query: SELECT key_hash FROM');
    expect(err.query).toContain('$1');
    expect(err.params).toBeUndefined();
    const everything = [err.message, err.stack, String((err.cause as Error)?.message), String((err.cause as Error)?.stack), JSON.stringify(err)].join('\n');
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain('params:');
  });

  it('a route failing on that query: 500 INTERNAL_ERROR, one error line naming the statement, no value in it', async () => {
    logs.lines.length = 0;
    const res = await t.json('GET', '/api/test/failing-query');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(res.body)).not.toContain(secret);
    const errors = logs.lines.filter((l) => JSON.parse(l).level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Failed query: SELECT key_hash FROM');
    expect(errors[0]).not.toContain(secret);
  });

  it('a query straight on drizzle (as better-auth runs them), logged either way, prints no value', async () => {
    const err = await db.orm.execute(failing()).then(
      () => expect.fail('the query should fail'),
      (e: unknown) => e as Error,
    );
    // Untouched by our Database: the values are still on it, so the logger is what must drop them.
    expect(err.message).toContain(secret);
    const { lines, logger } = captureLogs();
    logger.error({ err }, 'unhandled error');
    logger.error(err);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain('Failed query: SELECT key_hash FROM');
      expect(line).not.toContain(secret);
    }
  });
});
