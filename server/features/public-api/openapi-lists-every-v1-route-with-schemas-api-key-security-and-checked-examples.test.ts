import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseChecker } from '../../test/openapi-conformance.ts';
import { startTestApp } from '../../test/app.ts';
import type { Database } from '../../adapters/db/index.ts';
import type { OpenApiDocument } from '../../http/openapi-document.ts';
import { PUBLIC_API_TAG } from './index.ts';

// biome-ignore lint/suspicious/noExplicitAny: the test walks whatever JSON the document holds, key by key.
type Json = Record<string, any>;

/** The routes this feature promises (issue 18): a new one must be added here and documented like the others. */
const expected = [
  'get /api/v1/quotes/{symbol}',
  'get /api/v1/history/{symbol}',
  'get /api/v1/fundamentals/{symbol}',
  'get /api/v1/ratios/{symbol}',
  'post /api/v1/screener/query',
  'post /api/v1/analyses',
  'get /api/v1/analyses',
  'get /api/v1/analyses/{id}',
  'get /api/v1/balance',
];

describe('the OpenAPI document describes every /api/v1 route fully', () => {
  let db: Database;
  let doc: OpenApiDocument;
  let operations: Array<[string, Json]>;
  beforeAll(async () => {
    const started = await startTestApp('pglite');
    db = started.db;
    doc = (await (await started.t.app.request('/api/openapi.json')).json()) as OpenApiDocument;
    operations = Object.entries(doc.paths ?? {})
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, item]) => Object.entries(item as Json).map(([method, op]) => [`${method} ${path}`, op as Json] as [string, Json]));
  });
  afterAll(async () => db?.close());

  it('lists exactly the v1 routes, each tagged Public API v1, behind the ApiKey bearer scheme', () => {
    expect(operations.map(([name]) => name).sort()).toEqual([...expected].sort());
    expect(doc.components?.securitySchemes?.ApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.tags?.map((t) => t.name)).toContain(PUBLIC_API_TAG);
    for (const [name, op] of operations) {
      expect(op.tags, name).toEqual([PUBLIC_API_TAG]);
      expect(op.security, name).toEqual([{ ApiKey: [] }]);
    }
  });

  it('every route states its parameters or body with schemas, a JSON schema per answer, 401/403/429 with examples, and the RateLimit headers', () => {
    for (const [name, op] of operations) {
      const takesBody = name.startsWith('post');
      if (takesBody) expect(op.requestBody?.content?.['application/json']?.schema, name).toBeDefined();
      // Path parameters are declared; every parameter has a schema (GET /api/v1/balance takes none).
      const pathParams = [...name.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(
        (op.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name),
        name,
      ).toEqual(pathParams);
      for (const p of op.parameters ?? []) expect(p.schema, `${name} ${p.name}`).toBeDefined();
      const ok = op.responses['200'];
      expect(ok.content['application/json'].schema, name).toBeDefined();
      expect(ok.content['application/json'].example, name).toBeDefined();
      expect(Object.keys(ok.headers ?? {}), name).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
      for (const status of ['400', '401', '403', '429']) expect(op.responses[status]?.content['application/json'].example, `${name} ${status}`).toBeDefined();
      expect(Object.keys(op.responses['429'].headers), name).toContain('Retry-After');
      if (takesBody) expect(op.requestBody.content['application/json'].example, name).toBeDefined();
    }
  });

  it('every example is valid against its own schema (checked as if the API had answered it)', () => {
    const check = createResponseChecker(doc);
    let checked = 0;
    for (const [name, op] of operations) {
      const [method, template] = name.split(' ') as [string, string];
      const path = template.replace('{symbol}', 'AAPL').replace('{id}', '8f900d6b-9c85-4f4f-9c8f-577df9b27de7');
      for (const [status, answer] of Object.entries(op.responses as Record<string, Json>)) {
        const example = answer.content?.['application/json']?.example;
        if (example === undefined) continue;
        expect(check(method.toUpperCase(), path, Number(status), 'application/json', JSON.stringify(example))).toBeNull();
        checked++;
      }
    }
    // 9 routes × (200 + 400, 401, 403, 429) at least.
    expect(checked).toBeGreaterThanOrEqual(9 * 5);
  });
});
