import { useId, useState } from 'react';
import { useDebounced } from '../../lib/use-debounced.ts';
import { Field, Input } from '../../components/ui/input.tsx';
import { useMarketSearch } from '../../features/market/index.ts';

/**
 * Picks the company to value with the market search: type a ticker or a name, then choose one of the
 * matches (buttons, so Tab and Enter work). Companies without statements say why they cannot be valued.
 */
export function SymbolPicker({ current, onPick }: { current: string; onPick: (symbol: string) => void }) {
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 150);
  const search = useMarketSearch(q, 6);
  const listId = useId();
  const hits = q ? (search.data?.results ?? []) : [];
  return (
    <div className="max-w-xl">
      <Field label={`Company to value (now ${current})`} hint="Type a ticker or a company name, then choose a match.">
        {(aria) => (
          <Input
            {...aria}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="e.g. MSFT or Microsoft"
            aria-controls={listId}
            autoComplete="off"
          />
        )}
      </Field>
      <ul id={listId} className="mt-2 flex flex-wrap gap-2" aria-label="Matches">
        {hits.map((h) => {
          const valuable = h.type !== 'etf' && h.coverage.fundamentals;
          return (
            <li key={h.symbol}>
              <button
                type="button"
                disabled={!valuable}
                onClick={() => {
                  onPick(h.symbol);
                  setQuery('');
                }}
                className="rounded-lg border border-border-strong bg-surface px-3 py-1.5 text-left text-sm hover:border-brand focus-visible:outline-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60"
                title={valuable ? undefined : h.type === 'etf' ? 'Funds file no cash flow statements' : 'No financial statements for this symbol'}
              >
                <span className="font-semibold text-fg">{h.symbol}</span> <span className="text-fg-muted">{h.name}</span>
                {!valuable && <span className="sr-only"> (cannot be valued: no company statements)</span>}
              </button>
            </li>
          );
        })}
        {q && search.isSuccess && hits.length === 0 && <li className="text-sm text-fg-muted">No matches for “{q}”.</li>}
      </ul>
    </div>
  );
}
