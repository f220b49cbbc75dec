import { Bell } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { markNotificationsRead } from '../api/notifications.ts';
import { useNotifications } from './use-notifications.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';

/** The top bar's bell: unread count, the latest alerts in a popover, mark read, a link to the watchlist. */
export function NotificationBell() {
  const { data } = useNotifications(true, 8);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const unread = data?.unread ?? 0;
  useDismiss(open, () => setOpen(false), [root]);
  return (
    <div ref={root} className="relative mr-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        data-testid="notification-bell"
        onClick={() => setOpen((o) => !o)}
        className="relative inline-flex size-9 items-center justify-center rounded-full text-fg-secondary hover:bg-surface-subtle focus-visible:outline-2 focus-visible:outline-focus"
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute -right-0.5 -top-0.5 min-w-[1.1rem] rounded-full bg-negative-solid px-1 text-center text-[0.65rem] font-bold leading-[1.1rem] text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border border-border bg-surface p-3 shadow-lg"
      >
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-semibold text-fg">Alerts</p>
          {unread > 0 && (
            <button type="button" className="text-xs font-medium text-brand-fg underline" onClick={() => void markNotificationsRead({ all: true })}>
              Mark all read
            </button>
          )}
        </div>
        {!data || data.notifications.length === 0 ? (
          <p className="mt-2 text-sm text-fg-muted">No alerts have fired yet.</p>
        ) : (
          <ul className="mt-2 grid max-h-80 gap-1 overflow-y-auto">
            {data.notifications.map((n) => (
              <li key={n.id} className={`rounded-lg px-2 py-1.5 ${n.read ? '' : 'bg-brand-soft'}`}>
                <p className="text-sm font-medium text-fg">{n.title}</p>
                <p className="text-xs text-fg-muted">{n.as_of}</p>
              </li>
            ))}
          </ul>
        )}
        <Link to="/smart-watchlist" onClick={() => setOpen(false)} className="mt-2 block text-sm font-medium text-brand-fg hover:underline">
          Open Smart Watchlist
        </Link>
      </div>
    </div>
  );
}
