import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Columns3, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useParams } from 'react-router';
import { PageShell } from '../../../components/layout/page-shell.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { normalizeSymbol } from '../../../../../core/market/symbol.ts';
import type { ApiError } from '../../../lib/api.ts';
import { type CompanyProfileResponse as ProfileResponse, useProfile } from '../api/get-company-profile.ts';
import { CoverageBadges } from './coverage-badges.tsx';
import { DataAsOf } from './data-as-of.tsx';
import { SearchBox } from './search-box.tsx';
import { StockHeader } from './stock-header.tsx';

function SymbolTabs({ symbol, profile }: { symbol: string; profile: ProfileResponse }) {
  const s = encodeURIComponent(symbol);
  const tabs: Array<[string, string, boolean]> = [
    [`/overview/${s}`, 'Overview', true],
    // The bare path matches every fundamental view (overview, balance sheet, …) as active.
    [`/fundamental-analysis/${s}`, 'Fundamentals', profile.coverage.fundamentals],
    [`/technical/${s}`, 'Technical', profile.coverage.history !== null],
    [`/balance-sheet/${s}`, 'Balance sheet', profile.coverage.fundamentals],
    [`/dcf/${s}`, 'DCF', profile.coverage.fundamentals],
    [`/etf/${s}`, 'ETF', profile.type === 'etf'],
    [`/analysis/${s}`, 'Analyses', true],
  ];
  return (
    <nav aria-label={`${symbol} pages`} className="-mx-1 mb-6 flex gap-1 overflow-x-auto border-b border-border">
      {tabs
        .filter(([, , show]) => show)
        .map(([to, label]) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              `whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-brand text-fg' : 'border-transparent text-fg-subtle hover:text-fg'}`
            }
          >
            {label}
          </NavLink>
        ))}
    </nav>
  );
}

/**
 * Frame of every symbol page (overview, analysis, fundamental, technical, ETF): resolves the symbol,
 * puts the stock header in the top bar, shows the data date and coverage, and the states for a bad,
 * unknown or data-less symbol.
 */
export function SymbolPage({
  pageName,
  lead,
  children,
}: {
  pageName: string;
  lead: string;
  children: (symbol: string, profile: ProfileResponse) => ReactNode;
}) {
  // The top bar renders outside this page's providers: hand the stock header this page's query client.
  const queryClient = useQueryClient();
  const { symbol: raw = '' } = useParams();
  const n = normalizeSymbol(raw);
  const symbol = n.ok ? n.symbol : raw;
  const profile = useProfile(symbol);
  const p = profile.data;

  if (!n.ok || profile.error) {
    const err = profile.error as ApiError | null;
    const code = err ? err.code : 'INVALID_SYMBOL';
    return (
      <PageShell title={pageName} header={{ back: true }}>
        <Alert
          tone="warning"
          title={
            code === 'UNKNOWN_SYMBOL'
              ? `We don't know the symbol “${symbol}”`
              : code === 'INVALID_SYMBOL'
                ? `“${raw}” is not a valid symbol`
                : 'The data could not be loaded'
          }
        >
          {code === 'UNKNOWN_SYMBOL' || code === 'INVALID_SYMBOL' ? 'Search for a company or symbol instead.' : (err?.message ?? 'Try again in a moment.')}
        </Alert>
        <div className="mt-6 max-w-xl">
          <SearchBox initialQuery={n.ok ? symbol : ''} />
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell
      key={symbol}
      title={p ? `${p.name} (${symbol})` : symbol}
      lead={lead}
      header={{
        back: true,
        // Rendered once the profile says whether there is a quote to ask for (the title changes then too).
        stock: p ? (
          <QueryClientProvider client={queryClient}>
            <StockHeader symbol={symbol} name={p.name} hasQuote={p.coverage.quote} />
          </QueryClientProvider>
        ) : undefined,
      }}
      width="wide"
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <ButtonLink to={`/copilot?symbol=${encodeURIComponent(symbol)}`} variant="outline" size="sm" data-testid="ask-about-symbol">
            <MessageSquareText className="size-4" aria-hidden />
            Ask about {symbol}
          </ButtonLink>
          <ButtonLink to={`/compare?symbols=${encodeURIComponent(symbol)}`} variant="outline" size="sm" data-testid="compare-symbol">
            <Columns3 className="size-4" aria-hidden />
            Compare
          </ButtonLink>
          <DataAsOf servedBy={p?.served_by} />
        </div>
      }
    >
      {!p ? (
        <Spinner />
      ) : (
        <>
          <SymbolTabs symbol={symbol} profile={p} />
          <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-fg-muted">
            <span>
              {[p.type === 'etf' ? 'ETF' : 'Stock', p.exchange, p.sector, p.industry].filter(Boolean).join(' · ')}
              {p.cik && <span className="text-fg-subtle"> · CIK {p.cik}</span>}
            </span>
            <CoverageBadges coverage={p.coverage} />
          </div>
          {!p.coverage.quote && !p.coverage.fundamentals && (
            <Alert tone="info" title="Listed, but not covered by the current data" className="mb-6">
              {symbol} trades on {p.exchange ?? 'a US exchange'}, but the bundled snapshot has no prices or statements for it.{' '}
              <ButtonLink to="/search" variant="link">
                Search another symbol
              </ButtonLink>
            </Alert>
          )}
          <div className="space-y-6">{children(symbol, p)}</div>
        </>
      )}
    </PageShell>
  );
}
