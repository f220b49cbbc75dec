import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';
import type { WatchRow } from '../api/list-watchlists.ts';
import { DASH, formatSignedPercent, formatUsdPrice, ratingTone, ratingWords, toneOf } from '../format-watch.ts';
import { Sparkline } from '../../../components/ui/sparkline.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';

type SortKey = 'symbol' | 'price' | 'change' | 'rating' | 'rsi' | 'upside';
const sortValue: Record<SortKey, (r: WatchRow) => number | string | null> = {
  symbol: (r) => r.symbol,
  price: (r) => r.price,
  change: (r) => r.change_percent,
  rating: (r) => r.rating?.score ?? null,
  rsi: (r) => r.rsi_14,
  upside: (r) => r.upside_percent,
};

const GRADE_NAMES = { value: 'Value', growth: 'Growth', profitability: 'Profitability', health: 'Financial health', momentum: 'Momentum' } as const;

function compareRows(key: SortKey, dir: 1 | -1) {
  return (a: WatchRow, b: WatchRow) => {
    const x = sortValue[key](a);
    const y = sortValue[key](b);
    // Missing figures sort last in either direction.
    if (x === null && y === null) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (typeof x === 'string' ? x.localeCompare(y as string) : x - (y as number)) * dir;
  };
}

function SortHeader({
  label,
  k,
  sort,
  onSort,
  align = 'right',
}: {
  label: string;
  k: SortKey;
  sort: { key: SortKey; dir: 1 | -1 };
  onSort: (k: SortKey) => void;
  align?: 'left' | 'right';
}) {
  const active = sort.key === k;
  const Icon = active ? (sort.dir === 1 ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}
      className={`px-3 py-2 font-medium ${align === 'right' ? 'text-right' : 'text-left'}`}
    >
      <button
        type="button"
        onClick={() => onSort(k)}
        className="inline-flex items-center gap-1 rounded px-1 hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
      >
        {label}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </th>
  );
}

/**
 * The five letters, each named for a screen reader; one tooltip for the cell (on hover or keyboard focus) spells them
 * out — one tab stop a row rather than five.
 */
function Grades({ grades }: { grades: WatchRow['grades'] }) {
  if (!grades) return <span className="text-fg-subtle">{DASH}</span>;
  const keys = Object.keys(GRADE_NAMES) as Array<keyof typeof GRADE_NAMES>;
  const spelled = keys.map((k) => `${GRADE_NAMES[k]} ${grades[k] ?? 'not graded'}`).join(' · ');
  return (
    <Tooltip content={spelled} className="inline-flex gap-1">
      {keys.map((k) => (
        <abbr
          key={k}
          aria-label={`${GRADE_NAMES[k]} grade ${grades[k] ?? 'not graded'}`}
          className="inline-flex size-6 items-center justify-center rounded bg-surface-subtle text-xs font-semibold text-fg no-underline"
        >
          {grades[k] ?? DASH}
        </abbr>
      ))}
    </Tooltip>
  );
}

/**
 * The watchlist as a sortable table: price and change, a 3-month sparkline, the technical rating and RSI, the
 * DCF fair value with the upside, and the five grades. Scrolls sideways inside itself on a phone.
 */
export function WatchTable({ rows, caption, actions }: { rows: WatchRow[]; caption: string; actions?: (row: WatchRow) => ReactNode }) {
  const [sort, setSort] = useState<{ key: SortKey; dir: 1 | -1 }>({ key: 'symbol', dir: 1 });
  const sorted = useMemo(() => [...rows].sort(compareRows(sort.key, sort.dir)), [rows, sort]);
  const onSort = (key: SortKey) => setSort((s) => (s.key === key ? { key, dir: s.dir === 1 ? -1 : 1 } : { key, dir: key === 'symbol' ? 1 : -1 }));
  // relative: the sr-only labels inside are absolutely placed; without it they widen the page on a phone.
  return (
    <div className="relative overflow-x-auto rounded-xl border border-border bg-surface">
      <table className="w-full min-w-[52rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-surface-muted text-xs uppercase tracking-wide text-fg-muted">
          <tr>
            <SortHeader label="Symbol" k="symbol" sort={sort} onSort={onSort} align="left" />
            <SortHeader label="Price" k="price" sort={sort} onSort={onSort} />
            <SortHeader label="Change" k="change" sort={sort} onSort={onSort} />
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Trend
            </th>
            <SortHeader label="Rating" k="rating" sort={sort} onSort={onSort} align="left" />
            <SortHeader label="RSI 14" k="rsi" sort={sort} onSort={onSort} />
            <SortHeader label="Fair value" k="upside" sort={sort} onSort={onSort} />
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Grades <span className="sr-only">(value, growth, profitability, health, momentum)</span>
            </th>
            {actions && (
              <th scope="col" className="px-3 py-2 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-border-subtle">
          {sorted.map((r) => (
            <tr key={r.symbol} className="align-middle">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <span className="block font-semibold text-fg">{r.symbol}</span>
                <span className="block max-w-[12rem] truncate text-xs text-fg-muted" title={r.name}>
                  {r.name}
                </span>
              </th>
              <td className="tabular px-3 py-2 text-right">{formatUsdPrice(r.price)}</td>
              <td className={`tabular px-3 py-2 text-right ${toneOf(r.change_percent)}`}>
                {formatSignedPercent(r.change_percent)}
                {r.change_period === 'month' && <span className="block text-xs text-fg-subtle">month</span>}
              </td>
              <td className="px-3 py-2">
                <Sparkline
                  values={r.sparkline}
                  label={(change) => `${r.change_period === 'month' ? `${r.sparkline.length} month-ends` : '3-month'} trend: ${formatSignedPercent(change)}`}
                />
              </td>
              <td className="px-3 py-2">
                {r.rating ? (
                  <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${ratingTone(r.rating.label)}`}>
                    {ratingWords(r.rating.label)}
                  </span>
                ) : (
                  <span className="text-fg-subtle">{DASH}</span>
                )}
              </td>
              <td className="tabular px-3 py-2 text-right">{r.rsi_14 === null ? DASH : formatFactValue({ value: r.rsi_14, unit: 'score' })}</td>
              <td className="tabular px-3 py-2 text-right">
                {r.fair_value === null ? (
                  <span className="text-fg-subtle" title={r.missing.find((m) => m.startsWith('DCF') || m.startsWith('No fundamentals')) ?? undefined}>
                    {DASH}
                  </span>
                ) : (
                  <>
                    {formatUsdPrice(r.fair_value)}
                    <span className={`block text-xs ${toneOf(r.upside_percent)}`}>{formatSignedPercent(r.upside_percent)} vs price</span>
                    {r.valuation_verdict && <span className="block text-xs text-fg-muted">{r.valuation_verdict}</span>}
                  </>
                )}
              </td>
              <td className="px-3 py-2">
                <Grades grades={r.grades} />
              </td>
              {actions && <td className="px-3 py-2 text-right">{actions(r)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {/* The key the five letters need (issue 33): sighted readers had only the screen reader's label. */}
      <p className="border-t border-border px-3 py-2 text-xs text-fg-muted" data-testid="grades-key">
        Grades, left to right: {Object.values(GRADE_NAMES).join(', ').toLowerCase()}; A is the best fifth of the company's sector peers, F the worst.
      </p>
    </div>
  );
}
