import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedScreen, SavedScreenList, SaveScreenBody } from '../../../../../server/features/screener/screener.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { SavedScreen } from '../../../../../server/features/screener/screener.routes.ts';

const key = (userId: string | null) => ['screener', userId, 'screens'] as const;

/** `GET /api/screener/screens`: the signed-in user's saved screens, newest first (free). */
export const listSavedScreens = (signal?: AbortSignal) => apiFetch<SavedScreenList>('/api/screener/screens', { signal });

const listSavedScreensQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: key(userId), queryFn: ({ signal }) => listSavedScreens(signal), enabled: userId !== null, staleTime: 60_000 });

export const useSavedScreens = (userId: string | null) => useQuery(listSavedScreensQueryOptions(userId));

/** `POST /api/screener/screens`: keeps the current screen under a name (free; checked like a query). */
export const saveScreen = (body: SaveScreenBody) => apiFetch<SavedScreen>('/api/screener/screens', { body });

/** `DELETE /api/screener/screens/{id}`. */
export const deleteScreen = (id: string) => apiFetch<null>(`/api/screener/screens/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useSavedScreenActions(userId: string | null) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: key(userId) });
  return {
    save: useMutation({ mutationFn: saveScreen, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteScreen, onSuccess: refresh }),
  };
}
