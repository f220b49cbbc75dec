import { describe, expect, it } from 'vitest';
import { describeType, groupOperations, type OpenApiDocument, operationAnchor, summarizeSchema } from './openapi-summary.ts';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  components: {
    schemas: {
      Error: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: { code: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } },
            required: ['code', 'message'],
          },
        },
        required: ['error'],
      },
      Fact: { type: 'object', properties: { key: { type: 'string', description: 'snake_case' }, value: { type: ['number', 'null'] } }, required: ['key'] },
      Analysis: {
        type: 'object',
        properties: { id: { type: 'string' }, facts: { type: 'array', items: { $ref: '#/components/schemas/Fact' } } },
        required: ['id', 'facts'],
      },
    },
  },
  paths: {
    '/api/dev/outbox': { get: { tags: ['dev'], summary: 'Outbox', responses: { '200': { description: 'ok' } } } },
    '/api/analyses/{id}': {
      get: {
        tags: ['analyses'],
        summary: 'One analysis',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The analysis', content: { 'application/json': { schema: { $ref: '#/components/schemas/Analysis' } } } },
          '401': { description: 'Not signed in', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/api/billing/create-token-topup': {
      post: {
        tags: ['billing'],
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { tokensToPurchase: { type: 'integer', minimum: 20, maximum: 10000 } }, required: ['tokensToPurchase'] },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

describe('API reference from the OpenAPI document', () => {
  it('groups operations by tag in first-seen order with dev last, and marks 401 routes as needing sign-in', () => {
    const groups = groupOperations(doc);
    expect(groups.map((g) => g.tag)).toEqual(['analyses', 'billing', 'dev']);
    const get = groups[0]!.operations[0]!;
    expect(get.requiresSignIn).toBe(true);
    expect(get.parameters).toEqual([{ name: 'id', in: 'path', required: true, type: 'string', description: undefined }]);
    expect(get.responses.find((r) => r.status === '401')).toMatchObject({ isError: true, body: null });
    expect(groups[1]!.operations[0]!.requiresSignIn).toBe(false);
  });

  it('flattens nested objects and arrays of $refs into dotted rows', () => {
    const s = summarizeSchema({ $ref: '#/components/schemas/Analysis' }, doc);
    expect(s.name).toBe('Analysis');
    expect(s.rows.map((r) => [r.path, r.type, r.required, r.depth])).toEqual([
      ['id', 'string', true, 0],
      ['facts', 'array of Fact', true, 0],
      ['facts[].key', 'string', true, 1],
      ['facts[].value', 'number | null', false, 1],
    ]);
    expect(s.rows[2]!.description).toBe('snake_case');
  });

  it('writes bounds, enums and maps into the type label', () => {
    expect(describeType({ type: 'integer', minimum: 20, maximum: 10000 }, doc)).toBe('integer ≥ 20, ≤ 10000');
    expect(describeType({ type: 'string', enum: ['basic', 'pro'] }, doc)).toBe('one of: basic, pro');
    expect(describeType({ type: 'object', additionalProperties: { type: 'string' } }, doc)).toBe('map of string');
    expect(operationAnchor('POST', '/api/market/quote/{symbol}')).toBe('post-api-market-quote-symbol');
  });

  it('stops at a schema that refers to itself', () => {
    const cyclic: OpenApiDocument = { components: { schemas: { Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } } } } };
    const s = summarizeSchema({ $ref: '#/components/schemas/Node' }, cyclic);
    expect(s.rows.map((r) => r.path)).toEqual(['child']);
  });
});
