import { BellRing, LineChart, ListChecks, Scale } from 'lucide-react';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SearchBox } from '../../features/market/index.ts';
import { type SymbolPicker, useWatchlistSample, WatchlistTool, WatchTable } from '../../features/watchlist/index.ts';
import { watchlistLimits, describeWatchlistLimit } from '../../../../core/watchlist/limits.ts';
import { tiers } from '../../../../core/tokens/tiers.ts';
import { SignedInOrExample } from '../signed-in-or-example.tsx';

const picker: SymbolPicker = (onPick) => <SearchBox size="md" label="Add a stock or ETF to this list" onPick={(hit) => onPick(hit.symbol)} />;

const points = [
  {
    Icon: LineChart,
    title: 'Figures from the analyses, free',
    text: 'Price and day change, a 3-month sparkline, the technical rating and RSI (14), the DCF fair value and five grades against sector peers: computed by the same code as the paid analyses, once per data day.',
  },
  {
    Icon: BellRing,
    title: 'Alerts that fire once',
    text: 'Price above or below a level, a day move of ±x %, RSI (14) crossing 30 or 70, a golden or death cross of the 50- and 200-day averages, a change of technical rating. Each fires once per crossing and re-arms when the figure crosses back.',
  },
  { Icon: ListChecks, title: 'In the app and by e-mail', text: 'A bell in the top bar counts unread alerts; each can also e-mail you.' },
  { Icon: Scale, title: 'Plans', text: tiers.map((t) => `${t}: ${describeWatchlistLimit(watchlistLimits[t])}`).join(' · ') },
];

function LiveExample() {
  const { data, isPending, isError } = useWatchlistSample();
  if (isPending) return <Spinner label="Loading the example..." />;
  if (isError || !data) return <Alert tone="error">The live example could not be loaded. Try again later.</Alert>;
  const asOf = data.symbols[0]?.as_of;
  return (
    <section aria-labelledby="example-h" className="grid min-w-0 grid-cols-1 gap-3">
      <h2 id="example-h" className="text-lg font-semibold text-fg">
        A live example{asOf ? `, data as of ${asOf}` : ''}
      </h2>
      <p className="text-sm text-fg-muted">Real figures of a sample list, read-only. Sort by any column; sign up to build your own lists and set alerts.</p>
      <WatchTable rows={data.symbols} caption="Sample watchlist: real figures of seven symbols" />
    </section>
  );
}

/** /smart-watchlist: explains the watchlist with a live example when signed out; is the tool when signed in. */
export default function SmartWatchlist() {
  return (
    <SignedInOrExample
      tool={(user) => (
        <PageShell title="Smart Watchlist" lead="Your lists with each symbol’s figures, and alerts that fire once per crossing." width="wide">
          <WatchlistTool userId={user.id} picker={picker} />
        </PageShell>
      )}
      example={<Explained />}
    />
  );
}

function Explained() {
  return (
    <PageShell
      title="Smart Watchlist"
      lead="Follow the stocks and ETFs you care about with the figures that matter, and get told once when something crosses a line."
      width="wide"
      actions={
        <ButtonLink to="/signup" variant="secondary" size="lg">
          Start a free watchlist
        </ButtonLink>
      }
    >
      <div className="grid grid-cols-1 gap-10">
        <LiveExample />
        <ul className="grid gap-4 sm:grid-cols-2">
          {points.map(({ Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-xl border border-border bg-surface p-4">
              <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-fg">
                <Icon className="size-4" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold text-fg">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-fg-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="text-sm text-fg-muted">
          Alerts are checked whenever the market data refreshes — with the bundled snapshot, when it is replaced; with live data, on each new daily close — so a
          figure that stays past its line does not alert you again every day.
        </p>
      </div>
    </PageShell>
  );
}
