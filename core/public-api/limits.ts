/**
 * The public API's product facts (issue 18): who may hold keys, what a key may do and how often.
 * The server enforces these, the settings page and /api-docs show them; nothing else restates them.
 */
import type { Tier } from '../tokens/tiers.ts';

/** Only these tiers may create or use API keys; a key whose owner leaves them answers 403 PLAN_REQUIRED. */
export const apiKeyTiers: readonly Tier[] = ['Pro'];

/** What a key may be allowed to do: read market data and balances, or also run (paid) analyses. */
export const apiKeyScopes = ['read', 'analyses'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Shown before every key so it is recognisable in logs and secret scanners; the rest is random base64url. */
export const API_KEY_PREFIX = 'sp_live_';

/** Per-key request limits in fixed windows, counted in the database so every app process shares them. */
export const apiRateLimits = {
  read: { limit: 120, windowSeconds: 60 },
  analyses: { limit: 10, windowSeconds: 60 },
} as const satisfies Record<ApiKeyScope, { limit: number; windowSeconds: number }>;

/** Keys one user may hold at once (revoked keys do not count). */
export const MAX_API_KEYS_PER_USER = 10;

/** Largest `limit` a list endpoint of /api/v1 accepts. */
export const MAX_API_PAGE_SIZE = 100;

/** Where /settings leaves a freshly created key for /api-docs' "Try it" (this browser tab only, never the server). */
export const API_DOCS_KEY_STORAGE = 'stockpilot:api-docs-key';
