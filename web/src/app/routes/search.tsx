import { Link, useSearchParams } from 'react-router';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { DataAsOf, SearchBox } from '../../features/market/index.ts';

const popular: Array<[string, string]> = [
  ['AAPL', 'Apple'],
  ['MSFT', 'Microsoft'],
  ['NVDA', 'NVIDIA'],
  ['BRK.B', 'Berkshire Hathaway'],
  ['JPM', 'JPMorgan Chase'],
  ['KO', 'Coca-Cola'],
];
const etfs = ['SPY', 'QQQ', 'IWM', 'SCHD'];

export default function Page() {
  // A link to /search?q=… (shared, bookmarked) starts from that query.
  const [params] = useSearchParams();
  return (
    <PageShell title="Search" lead="Find a stock or ETF by symbol or company name. Results appear as you type; use ↑ ↓ and Enter.">
      <div className="max-w-2xl">
        <SearchBox autoFocus initialQuery={params.get('q') ?? ''} />
        <div className="mt-3">
          <DataAsOf />
        </div>
      </div>
      <div className="mt-10 grid max-w-2xl gap-6 sm:grid-cols-2">
        <section aria-labelledby="popular-stocks">
          <h2 id="popular-stocks" className="text-sm font-semibold text-fg-secondary">
            Popular stocks
          </h2>
          <ul className="mt-2 space-y-1">
            {popular.map(([s, name]) => (
              <li key={s}>
                <Link to={`/overview/${s}`} className="flex gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-surface-subtle">
                  <span className="w-14 font-semibold text-fg">{s}</span>
                  <span className="text-fg-muted">{name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="popular-etfs">
          <h2 id="popular-etfs" className="text-sm font-semibold text-fg-secondary">
            ETFs
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {etfs.map((s) => (
              <li key={s}>
                <Link to={`/etf/${s}`} className="inline-block rounded-full border border-border-strong px-3 py-1 text-sm font-medium hover:bg-surface-subtle">
                  {s}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageShell>
  );
}
