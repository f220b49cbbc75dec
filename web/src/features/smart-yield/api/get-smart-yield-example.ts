import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SmartYieldResponse } from '../../../../../server/features/smart-yield/smart-yield.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

/** `GET /api/smart-yield/example`: the public example portfolio's report on real data. */
export const getSmartYieldExample = (signal?: AbortSignal) => apiFetch<SmartYieldResponse>('/api/smart-yield/example', { signal });

const smartYieldExampleQueryOptions = () =>
  queryOptions({
    queryKey: ['smart-yield', 'example'],
    queryFn: ({ signal }) => getSmartYieldExample(signal),
    staleTime: 10 * 60_000,
    retry: retryUnlessClientError,
  });

export const useSmartYieldExample = () => useQuery(smartYieldExampleQueryOptions());
