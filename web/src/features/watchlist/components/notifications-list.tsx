import { BellRing, CheckCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { markNotificationsRead } from '../api/notifications.ts';
import { useNotifications } from './use-notifications.ts';

const EMAIL_WORDS = { off: '', pending: 'e-mail queued', sending: 'e-mail sending', sent: 'e-mailed', failed: 'e-mail failed' } as const;

/** The notifications alerts left, newest first, with unread marked and "mark read". */
export function NotificationsList() {
  const { data, failed, reload } = useNotifications(true, 30);
  return (
    <section aria-labelledby="notifications-h" className="rounded-xl border border-border bg-surface p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="notifications-h" className="flex items-center gap-2 text-base font-semibold text-fg">
          <BellRing className="size-4" aria-hidden />
          Notifications
          {data && data.unread > 0 && <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white">{data.unread} unread</span>}
        </h2>
        {data && data.unread > 0 && (
          <Button variant="ghost" size="sm" onClick={() => void markNotificationsRead({ all: true })}>
            <CheckCheck className="size-4" aria-hidden />
            Mark all read
          </Button>
        )}
      </div>
      {failed && (
        <p className="mt-3 text-sm text-negative" role="alert">
          Notifications could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void reload()}>
            Try again
          </button>
        </p>
      )}
      {!data && !failed && <p className="mt-3 text-sm text-fg-muted">Loading…</p>}
      {data && data.notifications.length === 0 && (
        <p className="mt-3 text-sm text-fg-muted">Nothing yet. When an alert fires you will see it here and in the bell at the top.</p>
      )}
      {data && data.notifications.length > 0 && (
        <ul className="mt-3 grid gap-2">
          {data.notifications.map((n) => (
            <li key={n.id} className={`rounded-lg border p-3 ${n.read ? 'border-border' : 'border-brand-muted bg-brand-soft'}`}>
              <p className="text-sm font-medium text-fg">
                {!n.read && <span className="sr-only">Unread: </span>}
                {n.title}
              </p>
              <p className="mt-0.5 text-xs text-fg-secondary">{n.body}</p>
              <div className="mt-1 flex items-center justify-between gap-2 text-xs text-fg-muted">
                <span>
                  {n.as_of}
                  {EMAIL_WORDS[n.email_status] && ` · ${EMAIL_WORDS[n.email_status]}`}
                </span>
                {!n.read && (
                  <button type="button" className="font-medium text-brand-fg underline" onClick={() => void markNotificationsRead({ ids: [n.id] })}>
                    Mark read <span className="sr-only">: {n.title}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
