import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedAnalysisShare } from '../../../../../server/features/analysis-shares/analysis-shares.routes.ts';
import { apiFetch } from '../../../lib/api.ts';
import { SHARES_KEY } from './list-shares.ts';

/** `POST /api/analyses/{id}/shares`: a new read-only link; its full URL is in this answer only. */
export const createShare = ({ analysisId, showOwnerName }: { analysisId: string; showOwnerName: boolean }) =>
  apiFetch<CreatedAnalysisShare>(`/api/analyses/${encodeURIComponent(analysisId)}/shares`, { body: { show_owner_name: showOwnerName } });

export function useCreateShare() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createShare, onSuccess: () => qc.invalidateQueries({ queryKey: SHARES_KEY }) });
}
