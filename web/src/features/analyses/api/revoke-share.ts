import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { SHARES_KEY } from './list-shares.ts';

/** `DELETE /api/shares/{id}`: the link answers 404 from the next request on. */
export const revokeShare = (id: string) => apiFetch<null>(`/api/shares/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRevokeShare() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeShare, onSuccess: () => qc.invalidateQueries({ queryKey: SHARES_KEY }) });
}
