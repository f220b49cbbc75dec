import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAlertBody, WatchlistAlert, WatchRow } from '../../../../../server/features/watchlists/watchlists.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { CreateAlertBody } from '../../../../../server/features/watchlists/watchlists.routes.ts';

const enc = encodeURIComponent;

/** The list-changing endpoints of /api/watchlists (create, rename, delete, add/remove symbol, add/delete alert). */
export const createWatchlist = (name: string) => apiFetch<{ id: string; name: string }>('/api/watchlists', { body: { name } });
export const renameWatchlist = (id: string, name: string) =>
  apiFetch<{ id: string; name: string }>(`/api/watchlists/${enc(id)}`, { method: 'PATCH', body: { name } });
export const deleteWatchlist = (id: string) => apiFetch<{ deleted: string }>(`/api/watchlists/${enc(id)}`, { method: 'DELETE' });
export const addSymbol = (id: string, symbol: string) => apiFetch<WatchRow>(`/api/watchlists/${enc(id)}/symbols`, { body: { symbol } });
export const removeSymbol = (id: string, symbol: string) =>
  apiFetch<{ deleted: string }>(`/api/watchlists/${enc(id)}/symbols/${enc(symbol)}`, { method: 'DELETE' });
export const createAlert = (id: string, symbol: string, body: CreateAlertBody) =>
  apiFetch<WatchlistAlert>(`/api/watchlists/${enc(id)}/symbols/${enc(symbol)}/alerts`, { body });
export const deleteAlert = (alertId: string) => apiFetch<{ deleted: string }>(`/api/watchlist-alerts/${enc(alertId)}`, { method: 'DELETE' });

/** A mutation that refreshes the lists when it succeeds. */
export function useWatchlistMutation<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => fn(...args),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['watchlists'] }),
  });
}
