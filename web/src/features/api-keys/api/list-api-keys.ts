import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeyListResponse } from '../../../../../server/features/api-keys/api-keys.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { ApiKeyListResponse, ApiKeyResponse } from '../../../../../server/features/api-keys/api-keys.routes.ts';

/** `GET /api/api-keys`: the user's active keys (never their secrets), whether the plan allows creating one, the limits. */
export const listApiKeys = (signal?: AbortSignal) => apiFetch<ApiKeyListResponse>('/api/api-keys', { signal });

const apiKeysQueryKey = (userId: string | null) => ['api-keys', userId] as const;

const apiKeysQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: apiKeysQueryKey(userId), queryFn: ({ signal }) => listApiKeys(signal), enabled: userId !== null, retry: retryUnlessClientError });

export const useApiKeys = (userId: string | null) => useQuery(apiKeysQueryOptions(userId));
