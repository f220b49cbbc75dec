import { apiRateLimits, MAX_API_KEYS_PER_USER } from '../../../core/public-api/limits.ts';
import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { ApiKeyResponse, createApiKeyRoute, listApiKeysRoute, revokeApiKeyRoute } from './api-keys.routes.ts';
import type { ApiKeysService } from './api-keys-service.ts';
import type { StoredApiKey } from './api-keys-store.ts';

const toApiKeyBody = (k: StoredApiKey): ApiKeyResponse => ({
  id: k.id,
  name: k.name,
  prefix: k.displayPrefix,
  scopes: k.scopes,
  created_at: k.createdAt,
  last_used_at: k.lastUsedAt,
});

const toRateLimitBody = (r: { limit: number; windowSeconds: number }) => ({ limit: r.limit, window_seconds: r.windowSeconds });

export function createApiKeysHandlers(service: ApiKeysService) {
  const listKeys: AppRouteHandler<typeof listApiKeysRoute> = async (c) => {
    const user = requireUser(c);
    const [keys, canCreate] = await Promise.all([service.listKeys(user.id), service.canCreateKeys(user.id)]);
    return c.json(
      {
        keys: keys.map(toApiKeyBody),
        can_create: canCreate,
        max_keys: MAX_API_KEYS_PER_USER,
        rate_limits: { read: toRateLimitBody(apiRateLimits.read), analyses: toRateLimitBody(apiRateLimits.analyses) },
      },
      200,
    );
  };

  const createKey: AppRouteHandler<typeof createApiKeyRoute> = async (c) => {
    const user = requireUser(c);
    const created = await service.createKey(user.id, c.req.valid('json'));
    // The secret must not sit in any cache between here and the browser.
    c.header('Cache-Control', 'no-store');
    return c.json({ key: toApiKeyBody(created.key), secret: created.secret }, 201);
  };

  const revokeKey: AppRouteHandler<typeof revokeApiKeyRoute> = async (c) => {
    const user = requireUser(c);
    await service.revokeKeyOrThrow(user.id, c.req.valid('param').id);
    return c.body(null, 204);
  };

  return { listKeys, createKey, revokeKey };
}
