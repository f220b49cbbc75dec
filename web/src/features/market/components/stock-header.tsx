import { useQuote } from '../api/get-quote.ts';
import { changeTone, formatPercent, formatPrice, formatSigned } from '../format.ts';

/** A snapshot is dated (its data_as_of day); a live quote is timed (e.g. 2026-07-10 20:00 UTC). */
const formatAsOf = (asOf: string) => (asOf.length > 10 ? `${asOf.slice(0, 10)} ${asOf.slice(11, 16)} UTC` : asOf);

/**
 * The top bar's stock slot (SPEC §1): symbol, company, price, change and percent coloured, the
 * as-of time and the "Delayed · snapshot" label. Compact on small screens.
 */
export function StockHeader({ symbol, name, hasQuote }: { symbol: string; name?: string; hasQuote?: boolean }) {
  // hasQuote false: a listed symbol without prices; show who it is and skip the request.
  const { data: q, isPending: loading, isError } = useQuote(symbol, hasQuote !== false);
  const isPending = loading && hasQuote !== false;
  const label = q?.served_by === 'bundled' ? 'Delayed · snapshot' : 'Delayed';
  return (
    <div className="flex min-w-0 items-center gap-1.5 min-[400px]:gap-2 sm:gap-3" aria-live="polite" data-testid="stock-header">
      {/* Below 400 px the symbol is all the left side shows, and it is never cut: "J…" names no company. */}
      <div className="min-w-0 overflow-hidden max-[399px]:shrink-0">
        <p className="truncate text-sm font-semibold leading-tight text-fg sm:text-base">
          {symbol}
          {(q?.name ?? name) && <span className="ml-1.5 hidden font-normal text-fg-subtle sm:inline">{q?.name ?? name}</span>}
        </p>
        {q && (
          <p className="text-[11px] leading-tight text-fg-subtle">
            {/* A phone's top bar also holds the balance: the short label keeps clear of the price; below 400 px even that
                took the symbol's room, so there it is read out only (the freshness strip under the bar says how old the data is). */}
            <span className="whitespace-nowrap rounded bg-warning-muted px-1 text-warning max-[399px]:sr-only">
              <span className="sm:hidden">Delayed</span>
              <span className="hidden sm:inline">{label}</span>
            </span>
            {/* On a phone the page's own "Data as of" line carries the date; the bar keeps it for screen readers. */}
            <span className="sr-only whitespace-nowrap sm:not-sr-only sm:ml-1 sm:inline">as of {formatAsOf(q.as_of)}</span>
          </p>
        )}
      </div>
      {isPending && (
        <span className="h-4 w-20 animate-pulse rounded bg-surface-strong">
          <span className="sr-only">Loading quote</span>
        </span>
      )}
      {(isError || hasQuote === false) && <span className="ml-auto text-xs text-fg-subtle">No price data</span>}
      {q && (
        <p className="ml-auto shrink-0 text-right tabular leading-tight">
          <span className="block text-[13px] font-semibold text-fg min-[400px]:text-sm sm:text-base">{formatPrice(q.price, q.currency)}</span>
          <span className={`block text-xs font-medium ${changeTone(q.change)}`}>
            <span className="hidden sm:inline">{formatSigned(q.change)} </span>
            <span className="sm:hidden">{formatPercent(q.change_percent, true)}</span>
            <span className="hidden sm:inline">({formatPercent(q.change_percent, true)})</span>
            {q.change_period === '1mo' && <span className="text-fg-subtle"> 1M</span>}
          </span>
        </p>
      )}
    </div>
  );
}
