import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { VALUATIONS_KEY } from './list-valuations.ts';

/** `DELETE /api/valuations/{id}`. */
export const deleteValuation = (id: string) => apiFetch<null>(`/api/valuations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteValuation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteValuation, onSuccess: () => qc.invalidateQueries({ queryKey: [...VALUATIONS_KEY, 'list'] }) });
}
