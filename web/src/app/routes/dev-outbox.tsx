import { Inbox, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { authApi, type OutboxMail } from '../../features/auth/index.ts';
import { ApiError } from '../../lib/api.ts';
import NotFound from './not-found.tsx';

const POLL_MS = 3000;

/** Turns an absolute link from a mail into a same-origin path when it points at this app (works behind any host name). */
function toLocal(link: string): string {
  try {
    const url = new URL(link);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : link;
  } catch {
    return link;
  }
}

export default function DevOutboxPage() {
  const [mails, setMails] = useState<OutboxMail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [off, setOff] = useState(false);
  const load = useCallback(async () => {
    try {
      setMails((await authApi.listOutbox()).mails);
      setError(null);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) setOff(true);
      else setError(e instanceof Error ? e.message : 'The outbox could not be read.');
    }
  }, []);
  useEffect(() => {
    void load();
    const t = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(t);
  }, [load]);

  // In production (or with SMTP) the outbox does not exist: the page is absent too.
  if (off) return <NotFound />;
  return (
    <PageShell
      title="Dev outbox"
      lead="Mails the app would have sent. Shown only outside production when no SMTP server is configured."
      actions={
        <Button variant="outline" size="sm" onClick={() => void load()}>
          <RefreshCw className="size-4" aria-hidden />
          Refresh
        </Button>
      }
    >
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : mails === null ? (
        <Spinner label="Loading..." />
      ) : mails.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border-strong bg-surface p-10 text-center text-fg-subtle">
          <Inbox className="size-8" aria-hidden />
          <p>No mails yet. Sign up or ask for a password reset and the mail shows up here within a few seconds.</p>
        </div>
      ) : (
        <ul className="space-y-4" aria-label="Mails, newest first">
          {mails.map((m) => (
            <li key={m.id} className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5">
              <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
                <h2 className="font-semibold text-fg">{m.subject}</h2>
                <time className="text-xs text-fg-subtle" dateTime={m.sent_at}>
                  {new Date(m.sent_at).toLocaleString()}
                </time>
              </div>
              <p className="mt-1 break-all text-sm text-fg-muted">To: {m.to}</p>
              {m.links.length > 0 && (
                <div className="mt-3 flex flex-wrap gap-2">
                  {m.links.map((l) => (
                    <a
                      key={l}
                      href={toLocal(l)}
                      className="inline-flex max-w-full items-center rounded-lg bg-brand px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-strong"
                    >
                      <span className="truncate">
                        {new URL(l).pathname.includes('verify-email')
                          ? 'Open confirmation link'
                          : new URL(l).pathname.includes('reset-password')
                            ? 'Open reset link'
                            : l}
                      </span>
                    </a>
                  ))}
                </div>
              )}
              <details className="mt-3">
                <summary className="cursor-pointer text-sm text-fg-subtle">Show text</summary>
                <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-surface-muted p-3 text-xs text-fg-secondary">{m.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
