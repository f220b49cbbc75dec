import type { Figure, StatementLine } from '../../../../../core/market/types.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { type FundamentalsResponse, useFundamentals } from '../api/get-fundamentals.ts';
import { useHistory } from '../api/get-price-history.ts';
import { useQuote } from '../api/get-quote.ts';
import { formatFigure, formatFigureAsOf, formatPercent, formatPrice, NOT_REPORTED } from '../format.ts';

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

const sourceNote = (x: { figure: Figure; end: string } | null, fy: (end: string) => string) =>
  x ? `${fy(x.end)} · ${x.figure.source} · ${formatFigureAsOf(x.figure)}` : 'Not reported';

/** Key figures from the data, each with its period, source and as-of date. */
export function KeyFigures({ symbol, hasFundamentals }: { symbol: string; hasFundamentals: boolean }) {
  const quote = useQuote(symbol);
  const year = useHistory(symbol, '1y');
  const fundamentals = useFundamentals(symbol, hasFundamentals);
  const f = fundamentals.data;
  const fyOf = (end: string) => f?.annual.periods.find((p) => p.end === end)?.label ?? end;
  const items: KeyFigure[] = [];

  const q = quote.data;
  if (q) items.push({ label: 'Price', value: formatPrice(q.price, q.currency), note: `${q.source} · as of ${q.as_of.slice(0, 10)}` });
  const bars = year.data?.bars ?? [];
  if (bars.length > 0) {
    const lows = bars.map((b) => b.low);
    const highs = bars.map((b) => b.high);
    items.push({
      label: '52-week range',
      value: `${formatPrice(Math.min(...lows))} – ${formatPrice(Math.max(...highs))}`,
      note: `${year.data!.interval === '1d' ? 'daily lows and highs' : 'month-end closes'} · ${year.data!.source}`,
    });
  }
  if (hasFundamentals) {
    const add = (label: string, key: string) => {
      const x = latestAnnual(f, key);
      items.push({ label, value: x ? formatFigure(x.figure.value, x.line.unit) : NOT_REPORTED, note: sourceNote(x, fyOf) });
    };
    add('Revenue', 'revenue');
    add('Net income', 'net_income');
    add('EPS (diluted)', 'eps_diluted');
    const eps = latestAnnual(f, 'eps_diluted');
    const pe = q && eps?.figure.value && eps.figure.value > 0 ? q.price / eps.figure.value : null;
    items.push({
      label: 'P/E (price ÷ last FY EPS)',
      value: pe === null ? NOT_REPORTED : pe.toFixed(1),
      note: eps ? `EPS ${fyOf(eps.end)}` : 'No positive EPS',
    });
    const rev = latestAnnual(f, 'revenue');
    const ni = latestAnnual(f, 'net_income');
    const margin = rev && ni && rev.end === ni.end && rev.figure.value ? (ni.figure.value! / rev.figure.value) * 100 : null;
    items.push({ label: 'Net margin', value: formatPercent(margin), note: rev ? fyOf(rev.end) : 'Not reported' });
    add('Free cash flow', 'free_cash_flow');
    add('Dividends per share', 'dividends_per_share');
    add('Shareholders’ equity', 'total_equity');
    add('Long-term debt', 'long_term_debt');
  }
  const loading = quote.isPending || year.isPending || (hasFundamentals && fundamentals.isPending);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Key figures</CardTitle>
      </CardHeader>
      <CardContent>
        {loading && items.length === 0 ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
              <div key={k} className="h-14 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">No figures are available for {symbol} in the current data.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-3">
            {items.map((k) => (
              <div key={k.label} className="min-w-0">
                <dt className="text-xs font-medium text-slate-500">{k.label}</dt>
                <dd className="text-base font-semibold tabular text-ink sm:text-lg">{k.value}</dd>
                <dd className="text-[11px] break-words text-slate-400">{k.note}</dd>
              </div>
            ))}
          </dl>
        )}
        {f?.notes.length ? <p className="mt-4 text-xs text-slate-500">Per-share figures are split-adjusted. {f.notes[0]}</p> : null}
      </CardContent>
    </Card>
  );
}
