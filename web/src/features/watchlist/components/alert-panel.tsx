import { useDataFreshness } from '../../../lib/data-freshness.ts';
import { formatDay } from '../../../lib/format.ts';
import { BellPlus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type AlertKind, alertKindLabels, alertKinds } from '../../../../../core/watchlist/alert-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import type { WatchlistAlert, WatchRow } from '../api/list-watchlists.ts';
import { createAlert, deleteAlert, useWatchlistMutation } from '../api/watchlist-mutations.ts';
import { formatUsdPrice } from '../format-watch.ts';
import { Select } from '../../../components/ui/select.tsx';

const SIDE_WORDS: Record<string, string> = {
  above: 'above',
  below: 'below',
  up: 'moved up past it',
  down: 'moved down past it',
  within: 'within the range',
  golden: 'SMA 50 over SMA 200',
  death: 'SMA 50 under SMA 200',
  strong_buy: 'Strong Buy',
  buy: 'Buy',
  neutral: 'Neutral',
  sell: 'Sell',
  strong_sell: 'Strong Sell',
};

function describeState(a: WatchlistAlert): string {
  const now = a.last_side ? `Now: ${SIDE_WORDS[a.last_side] ?? a.last_side}` : 'Waiting for data';
  const fired = a.fired_count === 0 ? 'not fired yet' : `fired ${a.fired_count}× (last ${a.last_fired_at?.slice(0, 10)})`;
  return `${now} · ${fired}`;
}

const needsPrice = (k: AlertKind) => k === 'price_above' || k === 'price_below';

/** A symbol's alerts: the list with their state, and a form to add one (kind, threshold, e-mail). */
/** When alerts are checked, and, while the prices are behind, why none can fire until new data comes. */
function AlertTiming() {
  const freshness = useDataFreshness().data;
  if (!freshness) return null;
  return (
    <p className="mt-1 text-xs text-fg-muted" data-testid="alert-timing">
      {freshness.stale && freshness.as_of
        ? `Alerts are checked when a new trading day’s prices arrive. The prices here end ${formatDay(freshness.as_of)}, so no alert can fire until new data comes.`
        : 'Alerts are checked once a day, when the trading day’s closing prices arrive.'}
    </p>
  );
}

export function AlertPanel({ watchlistId, row, alerts }: { watchlistId: string; row: WatchRow; alerts: WatchlistAlert[] }) {
  const id = useId();
  const [kind, setKind] = useState<AlertKind>('price_above');
  const [threshold, setThreshold] = useState(row.price ? String(Math.round(row.price * 1.05)) : '');
  const [rsiLevel, setRsiLevel] = useState('30');
  const [email, setEmail] = useState(true);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const add = useWatchlistMutation(createAlert);
  const remove = useWatchlistMutation(deleteAlert);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const value =
      kind === 'rsi_cross' ? Number(rsiLevel) : needsPrice(kind) || kind === 'move_percent' ? (threshold.trim() === '' ? null : Number(threshold)) : null;
    if (value !== null && !Number.isFinite(value)) return setError({ message: 'Enter a number.', field: 'threshold' });
    try {
      await add.mutateAsync([watchlistId, row.symbol, { kind, threshold: value, email }]);
    } catch (err) {
      setError(err instanceof ApiError ? { message: err.message, field: err.field } : { message: 'Could not add the alert. Try again.' });
    }
  };

  const thresholdLabel = needsPrice(kind) ? 'Price (USD)' : kind === 'move_percent' ? 'Day move (%)' : null;
  return (
    <section aria-labelledby={`${id}-h`} className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <h3 id={`${id}-h`} className="text-base font-semibold text-fg">
        Alerts for {row.symbol} <span className="font-normal text-fg-muted">· last close {formatUsdPrice(row.price)}</span>
      </h3>
      <AlertTiming />
      {alerts.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">
          No alerts yet. An alert fires once when its figure crosses the line, and again only after it has crossed back.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-border-subtle" aria-label={`Alerts for ${row.symbol}`}>
          {alerts.map((a) => (
            <li key={a.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-fg">
                  {a.description}
                  {a.email && <span className="ml-2 rounded bg-info-soft px-1.5 py-0.5 text-xs font-normal text-info">e-mail</span>}
                </p>
                <p className="text-xs text-fg-muted">{describeState(a)}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete alert: ${a.description}`}
                loading={remove.isPending && remove.variables?.[0] === a.id}
                onClick={() => remove.mutate([a.id])}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] sm:items-end" noValidate>
        <div className="grid gap-1">
          <label htmlFor={`${id}-kind`} className="text-sm font-medium text-fg-secondary">
            New alert
          </label>
          <Select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as AlertKind)}>
            {alertKinds.map((k) => (
              <option key={k} value={k}>
                {k === 'move_percent' ? 'Day move of at least ± (%)' : alertKindLabels[k]}
              </option>
            ))}
          </Select>
        </div>
        {thresholdLabel ? (
          <div className="grid gap-1">
            <label htmlFor={`${id}-t`} className="text-sm font-medium text-fg-secondary">
              {thresholdLabel}
            </label>
            <input
              id={`${id}-t`}
              inputMode="decimal"
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
              aria-invalid={error?.field === 'threshold'}
              aria-describedby={error ? `${id}-err` : undefined}
              className="h-10 w-full rounded-lg border border-border-strong bg-surface px-3 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted aria-[invalid=true]:border-negative"
            />
          </div>
        ) : kind === 'rsi_cross' ? (
          <div className="grid gap-1">
            <label htmlFor={`${id}-rsi`} className="text-sm font-medium text-fg-secondary">
              Level
            </label>
            <Select id={`${id}-rsi`} value={rsiLevel} onChange={(e) => setRsiLevel(e.target.value)}>
              <option value="30">Falls below 30 (oversold)</option>
              <option value="70">Rises above 70 (overbought)</option>
            </Select>
          </div>
        ) : (
          <p className="text-sm text-fg-muted sm:pb-2">No threshold needed.</p>
        )}
        <Button type="submit" variant="secondary" loading={add.isPending}>
          <BellPlus className="size-4" aria-hidden />
          Add alert
        </Button>
        <label className="flex items-center gap-2 text-sm text-fg-secondary sm:col-span-3">
          <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} className="size-4 accent-brand" />
          Also e-mail me when it fires
        </label>
        {error && (
          <p id={`${id}-err`} role="alert" className="text-sm text-negative sm:col-span-3">
            {error.message}
          </p>
        )}
      </form>
    </section>
  );
}
