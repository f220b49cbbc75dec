import { useCallback, useEffect, useState } from 'react';
import { listNotifications, NOTIFICATIONS_CHANGED, type NotificationsResponse } from '../api/notifications.ts';

/** Polling interval of the bell: alerts are evaluated once a minute at most. */
const POLL_MS = 60_000;

/**
 * The user's notifications, kept fresh by a slow poll, on focus, and whenever a mark-read anywhere in the
 * app announces the new state (so the bell and the page agree).
 */
export function useNotifications(enabled: boolean, limit = 20) {
  const [data, setData] = useState<NotificationsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setData(await listNotifications(limit));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [limit]);
  useEffect(() => {
    if (!enabled) return;
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    const onChange = () => void load();
    window.addEventListener(NOTIFICATIONS_CHANGED, onChange);
    window.addEventListener('focus', onChange);
    return () => {
      clearInterval(timer);
      window.removeEventListener(NOTIFICATIONS_CHANGED, onChange);
      window.removeEventListener('focus', onChange);
    };
  }, [enabled, load]);
  return { data, failed, reload: load };
}
