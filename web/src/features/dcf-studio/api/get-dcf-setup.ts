import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DcfSetupResponse } from '../../../../../server/features/valuations/valuations.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { DcfSetupResponse } from '../../../../../server/features/valuations/valuations.routes.ts';

/** `GET /api/dcf/{symbol}/inputs`: the company's figures, measured WACC inputs and presets (free; the example symbol is public). */
export const getDcfSetup = (symbol: string, signal?: AbortSignal) => apiFetch<DcfSetupResponse>(`/api/dcf/${encodeURIComponent(symbol)}/inputs`, { signal });

const getDcfSetupQueryOptions = (symbol: string | null) =>
  queryOptions({
    queryKey: ['dcf', 'setup', symbol],
    queryFn: ({ signal }) => getDcfSetup(symbol!, signal),
    enabled: symbol !== null,
    // Figures move only with the data day: minutes are plenty.
    staleTime: 10 * 60_000,
    retry: retryUnlessClientError,
  });

export const useDcfSetup = (symbol: string | null) => useQuery(getDcfSetupQueryOptions(symbol));
