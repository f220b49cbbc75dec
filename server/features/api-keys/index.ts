import type { AppContext, Feature } from '../../http/feature.ts';
import type { LedgerService } from '../tokens/index.ts';
import { createApiKeyMiddleware, type ScopeOf } from './api-key-auth.ts';
import { checkPepperConfig } from './api-key-secret.ts';
import { createApiKeysHandlers } from './api-keys.handlers.ts';
import { createApiKeyRoute, listApiKeysRoute, revokeApiKeyRoute } from './api-keys.routes.ts';
import { type ApiKeysService, createApiKeysService } from './api-keys-service.ts';
// The account export (data rights) reads this feature's rows through its store.
export { readApiKeysForExport } from './api-keys-store.ts';

export { requireApiCaller } from './api-key-auth.ts';

interface ApiKeysFeatureDeps {
  /** The owner's tier decides who may create and use keys. */
  ledger: LedgerService;
}

export interface ApiKeysFeature extends Feature {
  apiKeys: ApiKeysService;
  /** The middleware the public API mounts on its paths: key, plan, scope and rate limit for each request. */
  authenticate(scopeOf: ScopeOf): ReturnType<typeof createApiKeyMiddleware>;
}

/** `/api/api-keys`: a Pro user's keys, created and revoked from /settings (session auth); and the key middleware for /api/v1. */
export function createApiKeysFeature(ctx: AppContext, deps: ApiKeysFeatureDeps): ApiKeysFeature {
  checkPepperConfig(ctx.env);
  const service = createApiKeysService({ db: ctx.db, env: ctx.env, ledger: deps.ledger, now: ctx.now });
  const handlers = createApiKeysHandlers(service);
  return {
    name: 'api-keys',
    apiKeys: service,
    authenticate: (scopeOf) => createApiKeyMiddleware(service, scopeOf),
    routes(app) {
      app.openapi(listApiKeysRoute, handlers.listKeys);
      app.openapi(createApiKeyRoute, handlers.createKey);
      app.openapi(revokeApiKeyRoute, handlers.revokeKey);
    },
  };
}
