import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** `DELETE /api/copilot/conversations/{id}`: removes it and its messages (tokens already charged stay charged). */
export const deleteConversation = (id: string) => apiFetch<null>(`/api/copilot/conversations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteConversation(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ['copilot', userId, 'conversation', id] });
      void queryClient.invalidateQueries({ queryKey: ['copilot', userId, 'conversations'] });
    },
  });
}
