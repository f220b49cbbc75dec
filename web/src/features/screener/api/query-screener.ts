import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ScreenerQueryBody, ScreenerResult } from '../../../../../server/features/screener/screener.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { ScreenerQueryBody, ScreenerResult, ScreenerResultRow } from '../../../../../server/features/screener/screener.routes.ts';

/** `POST /api/screener/query` (public): one page of the rows that pass every filter, sorted, with the chosen columns. */
export const queryScreener = (body: ScreenerQueryBody, signal?: AbortSignal) => apiFetch<ScreenerResult>('/api/screener/query', { body, signal });

/** A request sent before React could ask for it (see startEarlyQuery), handed to the first query that wants the same body. */
let early: { key: string; at: number; answer: Promise<ScreenerResult> } | null = null;
const EARLY_KEEP_MS = 10_000;

/**
 * Sends the query for a screen at once, before the page has mounted: React reveals a newly loaded page in
 * batches and the page waits for the session check, so a request made from the page would start late.
 */
export function startEarlyQuery(body: ScreenerQueryBody): void {
  const answer = queryScreener(body);
  answer.catch(() => {});
  early = { key: JSON.stringify(body), at: Date.now(), answer };
}

function takeEarlyAnswer(body: ScreenerQueryBody): Promise<ScreenerResult> | null {
  const e = early;
  if (!e || e.key !== JSON.stringify(body) || Date.now() - e.at > EARLY_KEEP_MS) return null;
  early = null;
  return e.answer;
}

export const queryScreenerQueryOptions = (body: ScreenerQueryBody) =>
  queryOptions({
    queryKey: ['screener', 'query', body],
    queryFn: ({ signal }) => takeEarlyAnswer(body) ?? queryScreener(body, signal),
    staleTime: 60_000,
    // The table stays (dimmed) while the next page or sort loads instead of flashing a skeleton.
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export const useScreenerQuery = (body: ScreenerQueryBody) => useQuery(queryScreenerQueryOptions(body));
