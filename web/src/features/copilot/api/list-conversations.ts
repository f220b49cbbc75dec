import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CopilotConversationList } from '../../../../../server/features/copilot/copilot.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { CopilotConversationList, CopilotConversationSummary } from '../../../../../server/features/copilot/copilot.routes.ts';

const PAGE = 20;

/** `GET /api/copilot/conversations`: the user's conversations, newest first, a page at a time. */
export const listConversations = (cursor: string | null, signal?: AbortSignal) =>
  apiFetch<CopilotConversationList>(`/api/copilot/conversations?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });

const conversationsQueryOptions = (userId: string | null) =>
  infiniteQueryOptions({
    queryKey: ['copilot', userId, 'conversations'],
    queryFn: ({ pageParam, signal }) => listConversations(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: userId !== null,
    staleTime: 30_000,
  });

/** The conversation list; "Load older" fetches the next page. */
export const useConversations = (userId: string | null) => useInfiniteQuery(conversationsQueryOptions(userId));
