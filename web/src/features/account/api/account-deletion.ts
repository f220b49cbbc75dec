import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletionStatus, RequestAccountDeletionBody } from '../../../../../server/features/account/account.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { AccountDeletionStatus } from '../../../../../server/features/account/account.routes.ts';

/** `GET /api/account/deletion`: whether a deletion is scheduled (and when), and whether deleting asks for the password. */
export const getAccountDeletion = (signal?: AbortSignal) => apiFetch<AccountDeletionStatus>('/api/account/deletion', { signal });
/** `POST /api/account/deletion`: schedules the deletion in 7 days; the current password where the account has one. */
export const requestAccountDeletion = (body: RequestAccountDeletionBody) => apiFetch<AccountDeletionStatus>('/api/account/deletion', { body });
/** `DELETE /api/account/deletion`: cancels a scheduled deletion. */
export const cancelAccountDeletion = () => apiFetch<AccountDeletionStatus>('/api/account/deletion', { method: 'DELETE' });

const deletionQueryKey = (userId: string | null) => ['account-deletion', userId] as const;

export const useAccountDeletion = (userId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: deletionQueryKey(userId),
      queryFn: ({ signal }) => getAccountDeletion(signal),
      enabled: userId !== null,
      retry: retryUnlessClientError,
    }),
  );

/** A deletion mutation whose answer (the new status) replaces the cached one. */
export function useAccountDeletionMutation<A>(userId: string | null, fn: (arg: A) => Promise<AccountDeletionStatus>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (status) => qc.setQueryData(deletionQueryKey(userId), status) });
}
