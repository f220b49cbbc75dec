import { Link, useSearchParams } from 'react-router';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { CoverageBadges, SearchBox, symbolPath, UnanalysableNote, useMarketSearch } from '../../features/market/index.ts';
import { formatCount } from '../../../../core/text/plural.ts';

export default function Page() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const { data, isPending, isError, error } = useMarketSearch(q, 50);
  const results = data?.query === q ? data.results : [];
  return (
    <PageShell
      title="Search results"
      lead={
        q
          ? `Matches for “${q}”, best first: exact symbols, then prefixes, then close spellings; symbols with data to analyse first.`
          : 'Type a symbol or company name.'
      }
    >
      <div className="mb-6 max-w-2xl">
        <SearchBox key={q} initialQuery={q} size="md" />
      </div>
      {!q ? null : isPending ? (
        <Spinner label="Searching..." />
      ) : isError ? (
        <Alert tone="error" title="Search failed">
          {(error as Error).message}
        </Alert>
      ) : results.length === 0 ? (
        <Alert tone="info" title={`No symbol or company matches “${q}”`}>
          Check the spelling, or try the ticker symbol (for example AAPL) or part of the company name.
        </Alert>
      ) : (
        <>
          <p className="mb-3 text-sm text-fg-subtle" aria-live="polite">
            {formatCount(results.length, 'match', 'matches')}
            {results.length === 50 ? ' (the first 50)' : ''}
          </p>
          <ul className="divide-y divide-border-subtle overflow-hidden rounded-xl border border-border bg-surface">
            {results.map((hit) => (
              <li key={hit.symbol}>
                <Link to={symbolPath(hit)} className="flex flex-col gap-1.5 px-4 py-3 hover:bg-surface-muted sm:flex-row sm:items-center sm:gap-4">
                  <span className="flex min-w-0 flex-1 items-baseline gap-3">
                    <span className="w-16 shrink-0 font-semibold text-fg">{hit.symbol}</span>
                    <span className="min-w-0">
                      <span className="block truncate text-sm text-fg">{hit.name}</span>
                      <span className="block text-xs text-fg-subtle">
                        {[hit.exchange, hit.type === 'etf' ? 'ETF' : 'Stock'].filter(Boolean).join(' · ')}
                        {hit.match === 'fuzzy' ? ' · close spelling' : ''}
                      </span>
                      <UnanalysableNote analysis={hit.analysis} />
                    </span>
                  </span>
                  <span className="sm:max-w-[55%]">
                    <CoverageBadges coverage={hit.coverage} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </PageShell>
  );
}
