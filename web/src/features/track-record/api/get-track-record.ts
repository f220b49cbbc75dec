import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackRecordResponse } from '../../../../../server/features/track-record/track-record.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

/** `GET /api/track-record`: hit rates per kind and verdict, backtest and users' runs apart, and the backtest's progress (public). */
export const getTrackRecord = (signal?: AbortSignal) => apiFetch<TrackRecordResponse>('/api/track-record', { signal });

const trackRecordQueryOptions = () =>
  queryOptions({
    queryKey: ['track-record'],
    queryFn: ({ signal }) => getTrackRecord(signal),
    staleTime: 60_000,
    retry: retryUnlessClientError,
    // While the backtest fills the record, the page follows it. A server just started begins it within seconds, so
    // 'not started' is asked again soon for the first two minutes, then rarely (the backtest may be switched off).
    refetchInterval: (q) => {
      const status = q.state.data?.backtest.status;
      if (status === 'running') return 3_000;
      if (status === 'not_started') return q.state.dataUpdateCount < 24 ? 5_000 : 60_000;
      return false;
    },
  });

export const useTrackRecord = () => useQuery(trackRecordQueryOptions());
