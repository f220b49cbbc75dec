import type { NotificationsResponse } from '../../../../../server/features/watchlists/watchlists.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { NotificationItem, NotificationsResponse } from '../../../../../server/features/watchlists/watchlists.routes.ts';

/** The bell lives in the app shell (no TanStack Query there): plain fetches, and an event so the page and the bell agree. */
export const NOTIFICATIONS_CHANGED = 'stockpilot:notifications-changed';

export const listNotifications = (limit = 20, signal?: AbortSignal) => apiFetch<NotificationsResponse>(`/api/notifications?limit=${limit}`, { signal });

export async function markNotificationsRead(target: { ids: string[] } | { all: true }): Promise<NotificationsResponse> {
  const answer = await apiFetch<NotificationsResponse>('/api/notifications/read', { body: target });
  window.dispatchEvent(new CustomEvent(NOTIFICATIONS_CHANGED, { detail: answer }));
  return answer;
}
