import { createRoute, z } from '@hono/zod-openapi';
import { API_KEY_NAME_MAX } from '../../../core/public-api/api-key-format.ts';
import { apiKeyScopes, apiRateLimits, MAX_API_KEYS_PER_USER } from '../../../core/public-api/limits.ts';
import { errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

const Scope = z
  .enum(apiKeyScopes)
  .openapi({ description: '`read`: market data, history, fundamentals, ratios, screens, analyses and the balance; `analyses`: run (paid) analyses' });

const ApiKeySchema = z
  .object({
    id: z.string().uuid(),
    name: z.string().openapi({ example: 'Nightly report' }),
    prefix: z.string().openapi({ description: 'The first characters of the key, to recognise it', example: 'sp_live_ab12' }),
    scopes: z.array(Scope),
    created_at: z.string(),
    last_used_at: z.string().nullable().openapi({ description: 'Last request with this key, to the minute (written at most once a minute); null: never used' }),
  })
  .openapi('ApiKey');

const RateLimitSchema = z.object({ limit: z.number().int(), window_seconds: z.number().int() });

const ApiKeyListSchema = z
  .object({
    keys: z.array(ApiKeySchema).openapi({ description: 'Active keys, newest first (revoked keys are gone)' }),
    can_create: z.boolean().openapi({ description: 'Whether this account’s plan may create keys (Pro)' }),
    max_keys: z.number().int().openapi({ example: MAX_API_KEYS_PER_USER }),
    rate_limits: z.object({ read: RateLimitSchema, analyses: RateLimitSchema }).openapi({
      example: { read: { limit: apiRateLimits.read.limit, window_seconds: 60 }, analyses: { limit: apiRateLimits.analyses.limit, window_seconds: 60 } },
    }),
  })
  .openapi('ApiKeyList');

const CreateApiKeyBodySchema = z
  .object({
    name: z.string().trim().min(1, { error: 'give the key a name' }).max(API_KEY_NAME_MAX).openapi({ example: 'Nightly report' }),
    scopes: z
      .array(Scope)
      .min(1, { error: 'choose at least one scope' })
      .max(apiKeyScopes.length)
      .openapi({ example: ['read', 'analyses'] }),
  })
  .strict()
  .openapi('CreateApiKey');

const CreatedApiKeySchema = z
  .object({
    key: ApiKeySchema,
    secret: z.string().openapi({ description: 'The whole key. Shown this once: only its hash is stored.', example: 'sp_live_ab12…' }),
  })
  .openapi('CreatedApiKey');

const IdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e' }),
});

const tags = ['api-keys'];

export const listApiKeysRoute = createRoute({
  operationId: 'listApiKeys',
  security: signedIn,
  method: 'get',
  path: '/api/api-keys',
  tags,
  summary: 'The signed-in user’s active API keys (never their secrets) and whether the plan allows creating one',
  responses: { 200: jsonContent(ApiKeyListSchema, 'Keys'), ...errorResponses(401) },
});

export const createApiKeyRoute = createRoute({
  operationId: 'createApiKey',
  security: signedIn,
  method: 'post',
  path: '/api/api-keys',
  tags,
  summary: 'Create a key (Pro plan): the answer holds the secret, shown once',
  description: `403 PLAN_REQUIRED below Pro; 409 CONFLICT with ${MAX_API_KEYS_PER_USER} active keys; bad input 400 naming the field, nothing stored.`,
  request: { body: { required: true, content: { 'application/json': { schema: CreateApiKeyBodySchema } } } },
  responses: { 201: jsonContent(CreatedApiKeySchema, 'The new key with its secret'), ...errorResponses(400, 401, 403, 409, 413, 415) },
});

export const revokeApiKeyRoute = createRoute({
  operationId: 'revokeApiKey',
  security: signedIn,
  method: 'delete',
  path: '/api/api-keys/{id}',
  tags,
  summary: 'Revoke a key: the next request with it is 401; 404 for anyone but its owner',
  request: { params: IdParam },
  responses: { 204: { description: 'Revoked' }, ...errorResponses(401, 404) },
});

export type ApiKeyResponse = z.infer<typeof ApiKeySchema>;
export type ApiKeyListResponse = z.infer<typeof ApiKeyListSchema>;
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBodySchema>;
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeySchema>;
