import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalysisShare } from '../../../../../server/features/analysis-shares/analysis-shares.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { AnalysisShare } from '../../../../../server/features/analysis-shares/analysis-shares.routes.ts';

/** Every share-link query starts with this key: creating or revoking a link refreshes them all. */
export const SHARES_KEY = ['analysis-shares'] as const;

/** `GET /api/shares`: the user's live links, newest first; one analysis's with `analysisId`. */
export const listShares = (analysisId: string | null, signal?: AbortSignal) =>
  apiFetch<{ shares: AnalysisShare[] }>(analysisId ? `/api/shares?analysis_id=${encodeURIComponent(analysisId)}` : '/api/shares', { signal });

const listSharesQueryOptions = (analysisId: string | null) =>
  queryOptions({ queryKey: [...SHARES_KEY, analysisId ?? 'all'], queryFn: ({ signal }) => listShares(analysisId, signal) });

export const useShares = (analysisId: string | null, enabled = true) => useQuery({ ...listSharesQueryOptions(analysisId), enabled });
