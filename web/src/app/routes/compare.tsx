import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../features/auth/index.ts';
import {
  buildComparePath,
  MAX_COMPARE_SYMBOLS,
  PerformanceChart,
  readCompareSymbols,
  readUsableCompareSymbols,
  toggleCompareSymbol,
  useComparison,
} from '../../features/compare/index.ts';
import { SearchBox } from '../../features/market/index.ts';
import type { ApiError } from '../../lib/api.ts';
import { CompareTable } from '../compare/compare-table.tsx';

const EXAMPLES = [
  ['AAPL', 'MSFT', 'GOOGL'],
  ['KO', 'PEP'],
  ['SPY', 'QQQ', 'IWM'],
] as const;

/** The symbols in the URL as removable chips, and the market search to add one (up to five). */
function SymbolChooser({ symbols, onChange }: { symbols: readonly string[]; onChange: (next: string[]) => void }) {
  const full = symbols.length >= MAX_COMPARE_SYMBOLS;
  return (
    <Card>
      <CardContent className="space-y-3 pt-5">
        <ul className="flex flex-wrap gap-2" aria-label="Symbols compared">
          {symbols.map((s) => (
            <li
              key={s}
              className="inline-flex items-center gap-1 rounded-full border border-border-strong bg-surface py-0.5 pl-3 pr-1 text-sm font-semibold text-fg"
            >
              {s}
              <button
                type="button"
                onClick={() => onChange(toggleCompareSymbol(symbols, s, false))}
                className="inline-flex size-7 items-center justify-center rounded-full text-fg-muted hover:bg-surface-subtle hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
                aria-label={`Remove ${s} from the comparison`}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
          {symbols.length === 0 && <li className="text-sm text-fg-muted">No symbols yet.</li>}
        </ul>
        {full ? (
          <p className="text-sm text-fg-secondary">Up to {MAX_COMPARE_SYMBOLS} symbols side by side: remove one to add another.</p>
        ) : (
          <div className="max-w-xl">
            <SearchBox
              size="md"
              label={`Add a symbol to compare (${symbols.length} of ${MAX_COMPARE_SYMBOLS})`}
              onPick={(hit) => onChange(toggleCompareSymbol(symbols, hit.symbol, true))}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Examples() {
  return (
    <div className="rounded-xl border border-dashed border-border-strong bg-surface p-6 text-sm text-fg-secondary">
      <p>Pick up to {MAX_COMPARE_SYMBOLS} stocks or ETFs to see their figures side by side, with the best and worst of each row marked. For example:</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        {EXAMPLES.map((e) => (
          <li key={e.join()}>
            <Link to={buildComparePath(e)} className="font-medium text-brand-fg underline-offset-2 hover:underline">
              {e.join(' vs ')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Page() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const parsed = readCompareSymbols(params);
  const symbols = parsed.ok ? parsed.symbols : [];
  const usable = parsed.ok ? [] : readUsableCompareSymbols(params);
  const comparison = useComparison(userId, symbols);
  const setSymbols = (next: string[]) => navigate(buildComparePath(next));
  const data = comparison.data;
  // While a wider comparison loads, the previous one stays: show only the columns still asked for.
  const items = data?.items.filter((i) => symbols.includes(i.symbol)) ?? [];

  return (
    <PageShell
      title="Compare"
      lead="Up to five stocks or ETFs side by side: market figures, and the grades, technical rating and DCF of your own saved analyses. Opening them is free; a missing one runs from here at its usual cost."
      width="wide"
    >
      <div className="space-y-6">
        <SymbolChooser symbols={symbols} onChange={setSymbols} />
        {!parsed.ok && parsed.problem.code !== 'empty' && (
          <Alert tone="warning" title="These symbols cannot be compared">
            {parsed.problem.message}{' '}
            {usable.length > 0 && (
              <Button variant="link" size="sm" onClick={() => setSymbols(usable)}>
                Compare {usable.join(', ')}
              </Button>
            )}
          </Alert>
        )}
        {parsed.ok || parsed.problem.code !== 'empty' ? null : <Examples />}
        {comparison.isError && (
          <Alert tone="error" title="The comparison could not be loaded">
            {(comparison.error as Error).message}
            {(comparison.error as ApiError).code === 'UNKNOWN_SYMBOL' && ' Remove it above to compare the rest.'}
          </Alert>
        )}
        {symbols.length > 0 && comparison.isPending && <Spinner label="Loading the comparison" />}
        {items.length > 0 && (
          <>
            <section aria-labelledby="compare-figures-title" className="space-y-3">
              <h2 id="compare-figures-title" className="text-lg font-semibold text-fg">
                Side by side
              </h2>
              <CompareTable items={items} onRan={() => void queryClient.invalidateQueries({ queryKey: ['compare', userId] })} />
              <p className="text-xs text-fg-muted">
                Figures as of each symbol’s last price day ({[...new Set(items.map((i) => i.data_day))].join(', ')}), computed as on the analysis pages and the
                screener. A run is charged only when it finishes.
              </p>
            </section>
            <section aria-labelledby="compare-chart-title" className="space-y-3">
              <h2 id="compare-chart-title" className="text-lg font-semibold text-fg">
                The last year
              </h2>
              <Card>
                <CardContent className="pt-5">
                  <PerformanceChart series={items.map((i) => ({ symbol: i.symbol, ...i.performance, changePercent: i.figures.return_1y }))} />
                </CardContent>
              </Card>
            </section>
          </>
        )}
      </div>
    </PageShell>
  );
}
