import { Search } from 'lucide-react';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { type SearchHit, useMarketSearch } from '../api/search-symbols.ts';
import { describeCoverage, UnanalysableNote } from './coverage-badges.tsx';

/** Where a search hit leads: ETFs with fund data to the ETF page, everything else to the quick overview. */
export const symbolPath = (hit: Pick<SearchHit, 'symbol' | 'type' | 'coverage'>) =>
  hit.type === 'etf' && hit.coverage.etf ? `/etf/${encodeURIComponent(hit.symbol)}` : `/overview/${encodeURIComponent(hit.symbol)}`;

/**
 * Instant symbol search (ARIA 1.2 combobox with a listbox popup): results while typing (debounced),
 * ↑/↓ to move, Enter to open the highlighted symbol (or all results), Escape to close, then to clear.
 */
export function SearchBox({
  initialQuery = '',
  autoFocus = false,
  size = 'lg',
  onPick,
  label = 'Search stocks and ETFs by symbol or company name',
}: {
  initialQuery?: string;
  autoFocus?: boolean;
  size?: 'md' | 'lg';
  /** Picking a hit calls this (and clears the field) instead of opening the symbol's page: a symbol picker. */
  onPick?: (hit: SearchHit) => void;
  label?: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const debounced = useDebounced(query.trim(), 120);
  // The highlighted option belongs to the query it was chosen for: new results start unhighlighted.
  const [selection, setSelection] = useState({ q: '', i: -1 });
  const active = selection.q === debounced ? selection.i : -1;
  const setActive = (f: (i: number) => number) => setSelection({ q: debounced, i: f(active) });
  const { data, isFetching, isError } = useMarketSearch(debounced, 8);
  const navigate = useNavigate();
  const listId = useId();
  const results = debounced && data?.query === debounced ? data.results : debounced ? (data?.results ?? []) : [];
  const showList = open && query.trim().length > 0;
  const optionId = (i: number) => `${listId}-opt-${i}`;

  const go = (hit: SearchHit) => {
    setOpen(false);
    if (onPick) {
      onPick(hit);
      setQuery('');
      return;
    }
    navigate(symbolPath(hit));
  };
  const seeAll = () => {
    const q = query.trim();
    if (!q) return;
    if (onPick) {
      const first = results[0];
      if (first) go(first);
      return;
    }
    setOpen(false);
    navigate(`/search-results?q=${encodeURIComponent(q)}`);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const n = results.length;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      if (n) setActive((a) => (a + 1) % n);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (n) setActive((a) => (a <= 0 ? n - 1 : a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const hit = active >= 0 ? results[active] : undefined;
      if (hit) go(hit);
      else seeAll();
    } else if (e.key === 'Escape') {
      if (showList) setOpen(false);
      else setQuery('');
      setActive(() => -1);
    }
  };

  return (
    <div className="relative w-full">
      <label htmlFor={`${listId}-input`} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-fg-subtle" aria-hidden />
        <input
          id={`${listId}-input`}
          type="text"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the search page exists to type into this field
          autoFocus={autoFocus}
          placeholder="Symbol or company, e.g. AAPL, Microsoft, BRK.B"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 120)}
          onKeyDown={onKeyDown}
          className={`w-full rounded-xl border border-border-strong bg-surface pl-10 pr-3 shadow-sm placeholder:text-fg-subtle focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted ${size === 'lg' ? 'h-12 text-base' : 'h-10 text-sm'}`}
        />
      </div>
      <div className={showList ? 'absolute z-30 mt-2 w-full overflow-hidden rounded-xl border border-border bg-surface shadow-lg' : 'hidden'}>
        <div id={listId} role="listbox" aria-label="Search suggestions" className="max-h-96 overflow-y-auto py-1">
          {results.map((hit, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection happens in the combobox input (aria-activedescendant)
            <div
              key={hit.symbol}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(hit)}
              onMouseEnter={() => setActive(() => i)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-brand-soft' : ''}`}
            >
              <span className="w-16 shrink-0 font-semibold text-fg sm:w-20">{hit.symbol}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm text-fg">{hit.name}</span>
                <span className="block truncate text-xs text-fg-subtle">
                  {[hit.exchange, hit.type === 'etf' ? 'ETF' : 'Stock'].filter(Boolean).join(' · ')}
                  {describeCoverage(hit.coverage).length > 0 ? ` · ${describeCoverage(hit.coverage).join(', ')}` : ' · listed only'}
                </span>
                <UnanalysableNote analysis={hit.analysis} />
              </span>
            </div>
          ))}
        </div>
        {debounced && !isFetching && results.length === 0 && !isError && (
          <p className="px-3 py-3 text-sm text-fg-subtle">No symbol or company matches “{debounced}”.</p>
        )}
        {isError && <p className="px-3 py-3 text-sm text-negative">Search is unavailable right now. Try again.</p>}
        <button
          type="button"
          hidden={Boolean(onPick)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={seeAll}
          className="block w-full border-t border-border-subtle px-3 py-2 text-left text-sm font-medium text-brand-fg hover:bg-surface-muted"
        >
          See all results for “{query.trim()}”
        </button>
      </div>
    </div>
  );
}
