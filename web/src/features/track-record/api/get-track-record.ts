import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackRecordResponse } from '../../../../../server/features/track-record/track-record.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

/** `GET /api/track-record`: hit rates per kind and verdict, backtest and users' runs apart, and the backtest's progress (public). */
export const getTrackRecord = (signal?: AbortSignal) => apiFetch<TrackRecordResponse>('/api/track-record', { signal });

export const trackRecordQueryOptions = () =>
  queryOptions({
    queryKey: ['track-record'],
    queryFn: ({ signal }) => getTrackRecord(signal),
    staleTime: 60_000,
    retry: retryUnlessClientError,
    // While the backtest fills the record, the page follows it; a server just started may not have begun it yet.
    refetchInterval: (q) => {
      const status = q.state.data?.backtest.status;
      return status === 'running' ? 3_000 : status === 'not_started' ? 30_000 : false;
    },
  });

export const useTrackRecord = () => useQuery(trackRecordQueryOptions());
