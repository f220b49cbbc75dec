/**
 * Names the /api/v1 routes carry in /api/openapi.json, which the /api-docs page relies on: the group
 * they are listed under and the security scheme (http bearer, an API key) that "Try it" fills.
 */
export const PUBLIC_API_TAG = 'Public API v1';
export const API_KEY_SCHEME = 'ApiKey';
