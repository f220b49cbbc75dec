import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useWatchlists } from '../api/list-watchlists.ts';
import { formatSignedPercent, formatUsdPrice, toneOf } from '../format-watch.ts';
import { formatCount } from '../../../../../core/text/plural.ts';

/** Symbols shown per list on the dashboard: the list's page has the rest. */
const ROWS_SHOWN = 6;

/**
 * The dashboard's view of the user's watchlists: each list's symbols with the last price and the day's move,
 * and how many alerts watch each; the lists themselves are edited on /smart-watchlist.
 */
export function WatchlistsSummary({ userId }: { userId: string | null }) {
  const lists = useWatchlists(userId);
  if (lists.isPending) return <Spinner label="Loading your watchlists..." className="py-6" />;
  if (lists.isError) return <Alert tone="error">Your watchlists could not be loaded.</Alert>;
  const { watchlists } = lists.data;
  if (watchlists.length === 0)
    return (
      <p className="text-sm text-fg-muted">
        No watchlist yet.{' '}
        <Link to="/smart-watchlist" className="font-medium text-brand-fg underline">
          Create one
        </Link>{' '}
        to follow prices, ratings and valuations, with alerts by e-mail.
      </p>
    );
  return (
    <div className="space-y-5">
      {watchlists.slice(0, 3).map((list) => (
        <section key={list.id} aria-labelledby={`wl-${list.id}`}>
          <div className="flex items-baseline justify-between gap-3">
            <h3 id={`wl-${list.id}`} className="truncate text-sm font-semibold text-fg">
              {list.name}
            </h3>
            <span className="shrink-0 text-xs text-fg-muted">
              {formatCount(list.rows.length, 'symbol')}
              {list.rows[0] ? ` · prices of ${formatDay(list.rows[0].as_of)}` : ''}
            </span>
          </div>
          {list.rows.length === 0 ? (
            <p className="mt-1 text-sm text-fg-muted">Empty: add symbols on the watchlist page.</p>
          ) : (
            <ul className="mt-2 divide-y divide-border-subtle rounded-lg border border-border" aria-label={`${list.name}: symbols`}>
              {list.rows.slice(0, ROWS_SHOWN).map((r) => (
                <li key={r.symbol} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <Link to={`/overview/${encodeURIComponent(r.symbol)}`} className="w-16 shrink-0 font-semibold text-brand-fg hover:underline">
                    {r.symbol}
                  </Link>
                  <span className="min-w-0 flex-1 truncate text-fg-muted">{r.name}</span>
                  {r.alerts.length > 0 && (
                    <span className="inline-flex shrink-0 items-center gap-1 text-xs text-fg-muted" title="Alerts on this symbol">
                      <BellRing className="size-3.5" aria-hidden />
                      <span className="sr-only">Alerts:</span>
                      {r.alerts.length}
                    </span>
                  )}
                  <span className="w-20 shrink-0 text-right tabular-nums text-fg">{formatUsdPrice(r.price)}</span>
                  <span className={`w-20 shrink-0 text-right tabular-nums ${toneOf(r.change_percent)}`}>
                    {formatSignedPercent(r.change_percent)}
                    {r.change_period === 'month' && <span className="sr-only"> over the month</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {list.rows.length > ROWS_SHOWN && <p className="mt-1 text-xs text-fg-muted">and {list.rows.length - ROWS_SHOWN} more on the watchlist page.</p>}
        </section>
      ))}
      <Link to="/smart-watchlist" className="inline-block text-sm font-medium text-brand-fg underline">
        Open your watchlists
      </Link>
    </div>
  );
}
