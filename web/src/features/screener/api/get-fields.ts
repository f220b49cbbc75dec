import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScreenerCatalog } from '../../../../../server/features/screener/screener.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { ScreenerCatalog, ScreenerFieldInfo } from '../../../../../server/features/screener/screener.routes.ts';

/** `GET /api/screener/fields` (public): the catalog with each field's distribution over the universe, for the filter panel. */
export const getScreenerFields = (signal?: AbortSignal) => apiFetch<ScreenerCatalog>('/api/screener/fields', { signal });

export const getScreenerFieldsQueryOptions = () =>
  queryOptions({
    queryKey: ['screener', 'fields'],
    queryFn: ({ signal }) => getScreenerFields(signal),
    // The distributions change with the data day, not while a page is open.
    staleTime: 30 * 60_000,
    retry: retryUnlessClientError,
  });

export const useScreenerFields = () => useQuery(getScreenerFieldsQueryOptions());
