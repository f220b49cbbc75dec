import { describeApiForClients, describePublicApiGroup } from './openapi-guide.ts';
import type { App } from './app-env.ts';
import { PUBLIC_API_TAG } from '../../core/public-api/openapi-names.ts';
import { API_KEY_SCHEME, apiKeyScheme, SESSION_COOKIE_SCHEME, sessionCookieScheme } from './openapi.ts';

type Operation = { requestBody?: unknown; responses: Record<string, unknown> };
export type OpenApiDocument = ReturnType<App['getOpenAPI31Document']>;

const tags = [
  {
    name: 'accounts',
    description: 'Sign-up, sign-in and sessions (better-auth under /api/auth), profiles and avatars, the export of your data and the deletion of your account',
  },
  { name: 'tokens', description: 'Token balance, usage guide, daily usage and ledger' },
  { name: 'billing', description: 'Plans, checkouts, token top-ups, the customer portal and provider webhooks' },
  { name: 'analyses', description: 'Paid analyses: runs (plain and streamed), history, re-opening' },
  { name: 'market', description: 'Search, quotes, price history, fundamentals, profiles, ETF data, dividends' },
  { name: 'shares', description: 'Read-only, revocable links to an analysis: made and revoked by its owner, read by anyone with the link' },
  { name: 'screener', description: 'Market screener: field catalog with distributions, queries and CSV export (public), saved screens' },
  { name: 'compare', description: 'Up to five symbols side by side: market figures and your saved analyses (free)' },
  { name: 'system', description: 'Liveness and adapters' },
  { name: 'dev', description: 'Development aids, absent in production' },
  { name: 'api-keys', description: 'Creating, listing and revoking public API keys (signed in, Pro plan to create)' },
  { name: PUBLIC_API_TAG, description: 'The public API under /api/v1: an API key (Bearer) per request, per-key rate limits, the same contracts as the app' },
];

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const unsafeMethods = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The published OpenAPI document: the routes' contracts plus the answers app-wide middleware gives on
 * any operation it guards (app.ts), so that every status a handler path can produce is on paper.
 */
export function buildOpenApiDocument(app: App, baseUrl: string): OpenApiDocument {
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_COOKIE_SCHEME, sessionCookieScheme);
  app.openAPIRegistry.registerComponent('securitySchemes', API_KEY_SCHEME, apiKeyScheme);
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Stockpilot API',
      version: '1.0.0',
      description: describeApiForClients(),
      license: { name: 'Proprietary', url: `${baseUrl}/terms-of-service` },
    },
    servers: [{ url: '/', description: 'The origin serving this document (BASE_URL)' }],
    tags,
  });
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      if (unsafeMethods.has(method) && !path.startsWith('/api/webhooks/')) {
        op.responses['403'] ??= errorAnswer('Cross-origin request refused (CSRF_REJECTED), or not allowed');
      }
      if (op.requestBody) op.responses['413'] ??= errorAnswer('Body too large (PAYLOAD_TOO_LARGE)');
      // A NUL in the URL (even in a query parameter the operation does not take) or in any body field is refused before the route runs.
      op.responses['400'] ??= errorAnswer('Bad input (BAD_REQUEST naming the field): a NUL character (U+0000) anywhere in the URL or the body');
      // A fault (database down, a bug) on any path is answered in the error contract, never with details.
      op.responses['500'] ??= errorAnswer('Unexpected fault (INTERNAL_ERROR); nothing is changed by a failed request');
    }
  }
  describePublicApiGroup(doc);
  return doc;
}
