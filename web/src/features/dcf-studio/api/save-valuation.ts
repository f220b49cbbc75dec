import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateValuationBody, ValuationResponse } from '../../../../../server/features/valuations/valuations.routes.ts';
import { apiFetch } from '../../../lib/api.ts';
import { VALUATIONS_KEY } from './list-valuations.ts';

/** `POST /api/valuations`: the server recomputes the value from the inputs and stores it (free). */
const saveValuation = (body: CreateValuationBody) => apiFetch<ValuationResponse>('/api/valuations', { body });

export function useSaveValuation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveValuation, onSuccess: () => qc.invalidateQueries({ queryKey: [...VALUATIONS_KEY, 'list'] }) });
}
