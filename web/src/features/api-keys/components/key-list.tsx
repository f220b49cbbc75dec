import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { revokeApiKey, useApiKeyMutation } from '../api/api-key-mutations.ts';
import type { ApiKeyResponse } from '../api/list-api-keys.ts';

const formatLastUsed = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

/** One key: its prefix, scopes and dates, and a two-step revoke (the second click confirms). */
function KeyRow({ apiKey }: { apiKey: ApiKeyResponse }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useApiKeyMutation(revokeApiKey);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="api-key-row">
      <div className="min-w-0 space-y-1">
        <p className="break-words font-medium text-fg">{apiKey.name}</p>
        <p className="font-mono text-xs text-fg-muted">{apiKey.prefix}…</p>
        <p className="flex flex-wrap gap-1">
          {apiKey.scopes.map((s) => (
            <Badge key={s}>{s}</Badge>
          ))}
        </p>
        <p className="text-xs text-fg-muted">
          Created {formatDate(apiKey.created_at)} · Last used {formatLastUsed(apiKey.last_used_at)}
        </p>
        {revoke.isError && (
          <p role="alert" className="text-sm text-negative">
            {revoke.error.message}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {confirming ? (
          <>
            <Button
              size="sm"
              variant="destructive"
              loading={revoke.isPending}
              onClick={() =>
                // mutateAsync: the row is gone once the list refreshes, and the toast must still show.
                revoke.mutateAsync(apiKey.id).then(
                  () => toast.success('API key revoked', { description: `“${apiKey.name}” stopped working at once.` }),
                  () => {},
                )
              }
              aria-label={`Confirm revoking ${apiKey.name}`}
            >
              Revoke now
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)} disabled={revoke.isPending}>
              Cancel
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        )}
      </div>
    </li>
  );
}

export function KeyList({ keys }: { keys: ApiKeyResponse[] }) {
  if (keys.length === 0) return <p className="text-sm text-fg-muted">No API keys yet.</p>;
  return (
    <ul className="divide-y divide-border" aria-label="Your API keys">
      {keys.map((k) => (
        <KeyRow key={k.id} apiKey={k} />
      ))}
    </ul>
  );
}
