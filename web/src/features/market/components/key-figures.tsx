import type { Figure, StatementLine } from '../../../../../core/market/types.ts';
import { describeDataSource } from '../../../../../core/market/source-names.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { type FundamentalsResponse, useFundamentals } from '../api/get-fundamentals.ts';
import { useHistory } from '../api/get-price-history.ts';
import { useQuote } from '../api/get-quote.ts';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';
import { useSymbolFacts } from '../api/get-symbol-facts.ts';
import { formatPrice, NOT_REPORTED } from '../format.ts';

interface KeyFigure {
  label: string;
  value: string;
  note: string;
}

/** The latest annual figure of a line, with its period. */
export function latestAnnual(f: FundamentalsResponse | undefined, key: string): { figure: Figure; end: string; line: StatementLine } | null {
  if (!f) return null;
  const line = [...f.annual.income, ...f.annual.balance, ...f.annual.cash_flow].find((l) => l.key === key);
  if (!line) return null;
  for (let i = line.values.length - 1; i >= 0; i--) {
    const v = line.values[i]!;
    if (v.value !== null) return { figure: v, end: f.annual.periods[i]!.end, line };
  }
  return null;
}

/** Key figures from the data, each with its period, source and as-of date. */
export function KeyFigures({ symbol, hasFundamentals }: { symbol: string; hasFundamentals: boolean }) {
  const quote = useQuote(symbol);
  const year = useHistory(symbol, '1y');
  const fundamentals = useFundamentals(symbol, hasFundamentals);
  const facts = useSymbolFacts(symbol, hasFundamentals);
  const f = fundamentals.data;
  const items: KeyFigure[] = [];

  const q = quote.data;
  if (q) items.push({ label: 'Price', value: formatPrice(q.price, q.currency), note: `${describeDataSource(q.source)} · as of ${q.as_of.slice(0, 10)}` });
  const bars = year.data?.bars ?? [];
  if (bars.length > 0) {
    const lows = bars.map((b) => b.low);
    const highs = bars.map((b) => b.high);
    items.push({
      label: '52-week range',
      value: `${formatPrice(Math.min(...lows))} – ${formatPrice(Math.max(...highs))}`,
      note: `${year.data!.interval === '1d' ? 'daily lows and highs' : 'month-end closes'} · ${describeDataSource(year.data!.source)}`,
    });
  }
  if (hasFundamentals) {
    // Catalogue figures come from the symbol's facts, so P/E, margins and cash flow read here as on every
    // analysis page and in /compare; statement lines the catalogue does not define come from the filings.
    const byKey = new Map((facts.data?.facts ?? []).map((x) => [x.key, x]));
    const missing = new Map((facts.data?.missing ?? []).map((x) => [x.key, x]));
    const addFact = (key: string) => {
      const x = byKey.get(key);
      const why = missing.get(key);
      if (x) items.push({ label: x.label, value: formatFactValue(x), note: `${x.period} · ${describeDataSource(x.source)}` });
      else if (why) items.push({ label: why.label, value: NOT_REPORTED, note: why.reason });
    };
    // What investors look for first (issue 31), in that order; each with its period and as-of in the note.
    for (const key of [
      'market_cap',
      'revenue_ttm',
      'eps_ttm',
      'pe_ttm',
      'dividend_per_share_ttm',
      'dividend_yield_ttm',
      'beta_1y',
      'shares_diluted',
      'last_report_date',
      'next_report_expected',
    ])
      addFact(key);
  }
  const loading = quote.isPending || year.isPending || (hasFundamentals && (fundamentals.isPending || facts.isPending));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Key figures</CardTitle>
      </CardHeader>
      <CardContent>
        {loading && items.length === 0 ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
              <div key={k} className="h-14 animate-pulse rounded-lg bg-surface-subtle" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-fg-muted">No figures are available for {symbol} in the current data.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-3">
            {items.map((k) => (
              <div key={k.label} className="min-w-0">
                <dt className="text-xs font-medium text-fg-subtle">{k.label}</dt>
                <dd className="text-base font-semibold tabular text-fg sm:text-lg">{k.value}</dd>
                <dd className="text-[11px] break-words text-fg-subtle">{k.note}</dd>
              </div>
            ))}
          </dl>
        )}
        {f?.notes.length ? <p className="mt-4 text-xs text-fg-subtle">Per-share figures are split-adjusted. {f.notes[0]}</p> : null}
      </CardContent>
    </Card>
  );
}
