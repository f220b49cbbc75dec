import { Bell, Pencil, Plus, Trash2, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { type WatchlistResponse, type WatchlistsResponse, useWatchlists } from '../api/list-watchlists.ts';
import { addSymbol, createWatchlist, deleteWatchlist, removeSymbol, renameWatchlist, useWatchlistMutation } from '../api/watchlist-mutations.ts';
import { AlertPanel } from './alert-panel.tsx';
import { NotificationsList } from './notifications-list.tsx';
import { WatchTable } from './watch-table.tsx';
import { formatCount } from '../../../../../core/text/plural.ts';

/** The symbol search the page passes in (the market feature's), called with what to do with a picked symbol. */
export type SymbolPicker = (onPick: (symbol: string) => void) => ReactNode;

function LimitNotice({ limits, error }: { limits: WatchlistsResponse['limits']; error: ApiError | null }) {
  if (error?.code !== 'TIER_REQUIRED') return null;
  return (
    <Alert tone="warning" title="Plan limit reached">
      <p>{error.message}</p>
      {limits.upgrade_to && (
        <Link to="/pricing" className="mt-1 inline-block font-medium text-warning-strong underline">
          See the {limits.upgrade_to} plan
        </Link>
      )}
    </Alert>
  );
}

function NameForm({
  initial,
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={id} className="text-sm font-medium text-fg-secondary">
          {label}
        </label>
        <input
          id={id}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-err` : undefined}
          className="h-10 w-full min-w-0 rounded-lg border border-border-strong bg-surface px-3 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted aria-[invalid=true]:border-negative"
        />
      </div>
      <Button type="submit" variant="secondary" loading={busy}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      )}
      {error && (
        <p id={`${id}-err`} role="alert" className="w-full text-sm text-negative">
          {error}
        </p>
      )}
    </form>
  );
}

function ListView({ list, limits, picker }: { list: WatchlistResponse; limits: WatchlistsResponse['limits']; picker: SymbolPicker }) {
  const [selected, setSelected] = useState<string | null>(list.rows[0]?.symbol ?? null);
  const [renaming, setRenaming] = useState(false);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const add = useWatchlistMutation(addSymbol);
  const remove = useWatchlistMutation(removeSymbol);
  const rename = useWatchlistMutation(renameWatchlist);
  const del = useWatchlistMutation(deleteWatchlist);
  const row = list.rows.find((r) => r.symbol === selected) ?? null;
  const full = limits.symbols_per_list !== null && list.rows.length >= limits.symbols_per_list;

  const pick = (symbol: string) => {
    setProblem(null);
    add.mutate([list.id, symbol], {
      onSuccess: (r) => setSelected(r.symbol),
      onError: (e) => setProblem(e instanceof ApiError ? e : new ApiError(0, 'ERROR', 'Could not add the symbol. Try again.')),
    });
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {renaming ? (
          <div className="w-full max-w-md">
            <NameForm
              initial={list.name}
              label="New name"
              submitLabel="Save"
              onSubmit={async (n) => {
                await rename.mutateAsync([list.id, n]);
                setRenaming(false);
              }}
              onCancel={() => setRenaming(false)}
            />
          </div>
        ) : (
          <h2 className="text-xl font-semibold text-fg">
            {list.name}{' '}
            <span className="text-sm font-normal text-fg-muted">
              {list.rows.length}
              {limits.symbols_per_list !== null ? ` of ${limits.symbols_per_list}` : ''} symbols
            </span>
          </h2>
        )}
        {!renaming && (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setRenaming(true)}>
              <Pencil className="size-4" aria-hidden />
              Rename
            </Button>
            <Button
              variant="outline"
              size="sm"
              loading={del.isPending}
              onClick={() => {
                if (window.confirm(`Delete “${list.name}” with its symbols and alerts?`)) del.mutate([list.id]);
              }}
            >
              <Trash2 className="size-4" aria-hidden />
              Delete list
            </Button>
          </div>
        )}
      </div>
      <div className="max-w-xl">
        {full ? (
          <p className="text-sm text-fg-muted">
            This list is full on your {limits.tier} plan ({limits.description}).
          </p>
        ) : (
          picker(pick)
        )}
        {add.isPending && (
          <p className="mt-1 text-sm text-fg-muted" role="status">
            Adding…
          </p>
        )}
      </div>
      <LimitNotice limits={limits} error={problem} />
      {problem && problem.code !== 'TIER_REQUIRED' && <Alert tone="error">{problem.message}</Alert>}
      {full && limits.upgrade_to && (
        <p className="text-sm text-fg-secondary">
          Need more?{' '}
          <Link to="/pricing" className="font-medium text-brand-fg underline">
            The {limits.upgrade_to} plan
          </Link>{' '}
          raises the limit.
        </p>
      )}
      {list.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border-strong bg-surface p-6 text-sm text-fg-muted">
          This list is empty. Search above for a stock or ETF by symbol or name to add it.
        </p>
      ) : (
        <WatchTable
          rows={list.rows}
          caption={`${list.name}: symbols with price, change, trend, rating, RSI, fair value and grades`}
          actions={(r) => {
            const n = list.rows.find((x) => x.symbol === r.symbol)?.alerts.length ?? 0;
            return (
              <span className="inline-flex gap-1">
                <Button
                  variant={selected === r.symbol ? 'secondary' : 'outline'}
                  size="sm"
                  aria-pressed={selected === r.symbol}
                  onClick={() => setSelected(r.symbol)}
                >
                  <Bell className="size-4" aria-hidden />
                  Alerts ({n}) <span className="sr-only">for {r.symbol}</span>
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Remove ${r.symbol}`} onClick={() => remove.mutate([list.id, r.symbol])}>
                  <X className="size-4" aria-hidden />
                </Button>
              </span>
            );
          }}
        />
      )}
      {row && (
        <AlertPanel key={`${list.id}-${row.symbol}`} watchlistId={list.id} row={row} alerts={list.rows.find((r) => r.symbol === row.symbol)?.alerts ?? []} />
      )}
      {list.rows.length > 0 && (
        <p className="text-xs text-fg-muted">
          Figures as of {list.rows[0]!.as_of}: close and change from the daily prices, rating and RSI from the technical analysis, fair value from its two-stage
          DCF, grades against sector peers. Computed once per data day, free.
        </p>
      )}
    </div>
  );
}

/** The signed-in tool: lists (create, rename, delete), symbols via search, figures, alerts and notifications. */
export function WatchlistTool({ userId, picker }: { userId: string; picker: SymbolPicker }) {
  const { data, isPending, isError, error, refetch } = useWatchlists(userId);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<ApiError | null>(null);
  const create = useWatchlistMutation(createWatchlist);
  const lists = data?.watchlists ?? [];
  const active = lists.find((l) => l.id === activeId) ?? lists[0] ?? null;
  useEffect(() => {
    if (activeId && !lists.some((l) => l.id === activeId)) setActiveId(null);
  }, [activeId, lists]);

  if (isPending) return <Spinner label="Loading your watchlists..." />;
  if (isError || !data)
    return (
      <Alert tone="error" title="Your watchlists could not be loaded">
        <p>{error instanceof Error ? error.message : 'Try again.'}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const { limits } = data;
  const atListLimit = limits.lists !== null && lists.length >= limits.lists;

  const submitNew = async (name: string) => {
    setCreateError(null);
    try {
      const made = await create.mutateAsync([name]);
      setActiveId(made.id);
      setCreating(false);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'TIER_REQUIRED') setCreateError(e);
      throw e;
    }
  };

  return (
    <div className="grid grid-cols-1 gap-8">
      <div className="grid min-w-0 grid-cols-1 content-start gap-6">
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label="Your watchlists" className="flex min-w-0 flex-wrap gap-2">
            {lists.map((l) => (
              <button
                key={l.id}
                type="button"
                aria-current={active?.id === l.id ? 'true' : undefined}
                onClick={() => setActiveId(l.id)}
                className={`max-w-[14rem] truncate rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus ${
                  active?.id === l.id ? 'border-fg bg-inverse text-on-inverse' : 'border-border-strong bg-surface text-fg hover:bg-surface-subtle'
                }`}
              >
                {l.name}
              </button>
            ))}
          </nav>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setCreateError(null);
              setCreating((c) => !c);
            }}
            aria-expanded={creating}
          >
            <Plus className="size-4" aria-hidden />
            New list
          </Button>
          <span className="text-xs text-fg-muted">
            {limits.tier} plan: {limits.description}
          </span>
        </div>
        {creating && (
          <div className="max-w-md">
            {atListLimit && !createError ? (
              <LimitNotice
                limits={limits}
                error={
                  new ApiError(
                    403,
                    'TIER_REQUIRED',
                    `Your ${limits.tier} plan includes ${formatCount(limits.lists ?? 0, 'watchlist')}.${limits.upgrade_to ? ` Upgrade to ${limits.upgrade_to} for more.` : ''}`,
                  )
                }
              />
            ) : (
              <NameForm initial="" label="Name of the new list" submitLabel="Create" onSubmit={submitNew} onCancel={() => setCreating(false)} />
            )}
            <div className="mt-2">
              <LimitNotice limits={limits} error={createError} />
            </div>
          </div>
        )}
        {active ? (
          <ListView key={active.id} list={active} limits={limits} picker={picker} />
        ) : (
          <div className="rounded-xl border border-dashed border-border-strong bg-surface p-6">
            <h2 className="text-lg font-semibold text-fg">Start your first watchlist</h2>
            <p className="mt-1 text-sm text-fg-muted">Name it, then add symbols; each row shows its figures and can carry alerts.</p>
            <div className="mt-4 max-w-md">
              <NameForm initial="My watchlist" label="Name of the list" submitLabel="Create" onSubmit={submitNew} />
            </div>
          </div>
        )}
      </div>
      <aside aria-label="Notifications" className="min-w-0 max-w-2xl">
        <NotificationsList />
      </aside>
    </div>
  );
}
