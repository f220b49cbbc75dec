import { Bookmark, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast } from 'sonner';
import { SCREENER_LIMITS } from '../../../../../core/screener/query.ts';
import type { ScreenDefinition } from '../../../../../core/screener/screener-types.ts';
import { type SavedScreen, useSavedScreenActions, useSavedScreens } from '../api/saved-screens.ts';
import { formatCount } from '../../../../../core/text/plural.ts';

/** Save the current screen under a name; open or delete the ones saved before (free, yours only). */
export function SavedScreens({ userId, current, onOpen }: { userId: string; current: ScreenDefinition; onOpen: (s: SavedScreen) => void }) {
  const list = useSavedScreens(userId);
  const { save, remove } = useSavedScreenActions(userId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) return setError('Give the screen a name.');
    setError(null);
    save.mutate(
      { name: n, ...current },
      {
        onSuccess: () => {
          setName('');
          toast.success(`Saved “${n}”.`);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const screens = list.data?.screens ?? [];
  return (
    <section aria-labelledby="saved-heading" className="rounded-xl border border-border bg-surface p-4">
      <h2 id="saved-heading" className="flex items-center gap-1.5 text-sm font-semibold text-fg">
        <Bookmark className="size-4 text-brand-fg" aria-hidden />
        Your screens
      </h2>
      <form onSubmit={submit} className="mt-2 flex items-start gap-2" noValidate>
        <div className="min-w-0 flex-1">
          <label htmlFor={nameId} className="sr-only">
            Name for this screen
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={SCREENER_LIMITS.maxScreenNameLength}
            onChange={(e) => setName(e.target.value)}
            placeholder="Name this screen"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${nameId}-error` : undefined}
            className="h-9 w-full rounded-md border border-border-strong px-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted aria-[invalid=true]:border-negative"
          />
          {error && (
            <p id={`${nameId}-error`} className="mt-1 text-xs text-negative" role="alert">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" size="sm" className="h-9" loading={save.isPending}>
          Save
        </Button>
      </form>
      {list.isError ? (
        <Alert tone="error" className="mt-3">
          Your saved screens could not be loaded: {(list.error as Error).message}
        </Alert>
      ) : list.isPending ? (
        <p className="mt-3 text-sm text-fg-subtle">Loading your screens…</p>
      ) : screens.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">None yet. Screens you save appear here, to re-run on fresh data with one click.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border-subtle" aria-label="Saved screens">
          {screens.map((s) => (
            <li key={s.id} className="flex items-center gap-2 py-1.5">
              <button type="button" onClick={() => onOpen(s)} className="min-w-0 flex-1 rounded text-left hover:text-brand-fg" data-testid="open-saved-screen">
                <span className="block truncate text-sm font-medium">{s.name}</span>
                <span className="block text-xs text-fg-subtle">
                  {formatCount(s.filters.length, 'filter')} · {formatDate(s.created_at)}
                </span>
              </button>
              <button
                type="button"
                onClick={() => remove.mutate(s.id, { onError: (err) => toast.error(err.message) })}
                className="rounded p-2 text-fg-subtle hover:bg-negative-soft hover:text-negative"
                aria-label={`Delete screen ${s.name}`}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
