import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, apiRateLimits, MAX_API_PAGE_SIZE } from '../../core/public-api/limits.ts';
import { API_KEY_SCHEME, PUBLIC_API_TAG } from '../../core/public-api/openapi-names.ts';
import type { Database } from '../adapters/db/index.ts';
import { errorStatus } from '../lib/errors.ts';
import { startTestApp, type TestApp } from '../test/app.ts';
import { describeOnPglite } from '../test/db.ts';
import type { AppEnv } from './app-env.ts';
import type { Feature } from './feature.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

/** A stand-in for a /api/v1 route, so these checks do not depend on the v1 routes existing. */
const sampleBearerRoute: Feature = {
  name: 'test-sample-bearer-route',
  routes(app) {
    app.openAPIRegistry.registerComponent('securitySchemes', API_KEY_SCHEME, { type: 'http', scheme: 'bearer' });
    const route = createRoute({
      operationId: 'getSampleForDocs',
      method: 'get',
      path: '/api/v1/sample-for-docs',
      tags: [PUBLIC_API_TAG],
      security: [{ [API_KEY_SCHEME]: [] }],
      summary: 'Sample bearer-secured operation',
      responses: { 200: { description: 'OK', content: { 'application/json': { schema: z.object({ ok: z.boolean() }) } } } },
    });
    app.openapi(route, (c) => c.json({ ok: true }, 200));
  },
};

describeOnPglite('the published OpenAPI document tells API clients the rules', (kind) => {
  let db: Database;
  let t: TestApp;
  // biome-ignore lint/suspicious/noExplicitAny: the document is read field by field.
  let doc: any;
  let info: string;
  beforeAll(async () => {
    ({ db, t } = await startTestApp(kind, { features: [sampleBearerRoute] }));
    doc = (await t.json('GET', '/api/openapi.json')).body;
    info = doc.info.description;
  });
  afterAll(() => db.close());

  it('info lists every code of the closed error map once, in the row of its status', () => {
    const codes = Object.entries(errorStatus);
    for (const [code, status] of codes) expect(info).toMatch(new RegExp(`^\\| ${status} \\|[^\\n]*\`${code}\``, 'm'));
    // One table row per distinct status, and as many code mentions in the table as the map has codes (41 today).
    const table = info.split('## Errors')[1]!;
    expect(table.match(/^\| \d{3} \|/gm)).toHaveLength(new Set(Object.values(errorStatus)).size);
    expect(table.match(/`[A-Z_]+`/g)).toHaveLength(codes.length);
  });

  it('info states the per-key rate limits from core, the RateLimit headers and Retry-After', () => {
    for (const [scope, { limit, windowSeconds }] of Object.entries(apiRateLimits)) {
      expect(info).toContain(`| \`${scope}\` | ${limit} | ${windowSeconds} s |`);
    }
    for (const header of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']) expect(info).toContain(`\`${header}`);
    expect(info).toContain(`\`${errorStatus.RATE_LIMITED} RATE_LIMITED\``);
    expect(info).toContain(`\`limit\` up to ${MAX_API_PAGE_SIZE}`);
  });

  it('info explains the bearer key (Pro, created in Settings) and idempotent analyses with the status the map gives', () => {
    expect(info).toContain(`Authorization: Bearer ${API_KEY_PREFIX}…`);
    expect(info).toMatch(/for \*\*Pro\*\* subscribers/);
    expect(info).toContain('Settings → API keys');
    expect(info).toMatch(new RegExp(`same key and a different body: \`${errorStatus.IDEMPOTENCY_KEY_REUSED} IDEMPOTENCY_KEY_REUSED\``));
    expect(info).toMatch(/same key and same body: the first result again, \*\*no second charge\*\*/);
  });

  it('a bearer-secured v1 operation puts its group first, described, and the ApiKey scheme is described', () => {
    expect(doc.tags[0].name).toBe(PUBLIC_API_TAG);
    expect(doc.tags[0].description).toMatch(/Bearer/);
    expect(doc.tags.filter((tag: { name: string }) => tag.name === PUBLIC_API_TAG)).toHaveLength(1);
    expect(doc.components.securitySchemes[API_KEY_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes[API_KEY_SCHEME].description).toContain(API_KEY_PREFIX);
    expect(doc.paths['/api/v1/sample-for-docs'].get.security).toEqual([{ [API_KEY_SCHEME]: [] }]);
  });
});

describe('the public API group without v1 operations', () => {
  it('is not listed as an empty group', () => {
    const doc = buildOpenApiDocument(new OpenAPIHono<AppEnv>(), 'http://localhost:3000');
    expect(doc.tags?.some((tag) => tag.name === PUBLIC_API_TAG)).toBe(false);
    expect(doc.info.description).toContain('## Errors');
  });
});
