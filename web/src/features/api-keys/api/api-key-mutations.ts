import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyBody, CreatedApiKeyResponse } from '../../../../../server/features/api-keys/api-keys.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { CreateApiKeyBody, CreatedApiKeyResponse } from '../../../../../server/features/api-keys/api-keys.routes.ts';

/** `POST /api/api-keys`: the new key with its secret, which the server never shows again. */
export const createApiKey = (body: CreateApiKeyBody) => apiFetch<CreatedApiKeyResponse>('/api/api-keys', { body });
/** `DELETE /api/api-keys/{id}`: the key stops working at once. */
export const revokeApiKey = (id: string) => apiFetch<null>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** A key mutation that refreshes the list when it succeeds. */
export function useApiKeyMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['api-keys'] }) });
}
