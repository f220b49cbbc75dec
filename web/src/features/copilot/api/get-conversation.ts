import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CopilotConversation } from '../../../../../server/features/copilot/copilot.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { CopilotConversation, CopilotMessage } from '../../../../../server/features/copilot/copilot.routes.ts';

/** `GET /api/copilot/conversations/{id}`: a conversation with its messages, oldest first (404 unless it is the caller's). */
export const getConversation = (id: string, signal?: AbortSignal) =>
  apiFetch<CopilotConversation>(`/api/copilot/conversations/${encodeURIComponent(id)}`, { signal });

const conversationQueryOptions = (userId: string | null, id: string | null) =>
  queryOptions({
    queryKey: ['copilot', userId, 'conversation', id],
    queryFn: ({ signal }) => getConversation(id!, signal),
    enabled: userId !== null && id !== null,
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });

export const useConversation = (userId: string | null, id: string | null) => useQuery(conversationQueryOptions(userId, id));
