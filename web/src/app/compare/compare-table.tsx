import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ANALYSIS_ROWS,
  type Better,
  COMPARE_KINDS,
  type CompareKind,
  describeFigure,
  FIGURE_ROWS,
  KIND_TITLES,
  type RankRule,
  rankRow,
  type Standing,
} from '../../../../core/compare/compare-rows.ts';
import type { FieldUnit } from '../../../../core/screener/fields.ts';
import { buildAnalysisPath, RunAnalysisButton } from '../../features/analyses/index.ts';
import { type CompareItem, StandingCue, standingCellClass } from '../../features/compare/index.ts';
import { formatFieldValue } from '../../features/screener/index.ts';
import { cn } from '../../lib/cn.ts';
import { useRunnerAccount } from '../analyses/run-analysis.tsx';

type Cell = number | string | null;

const BETTER_HINT: Record<Exclude<Better, null>, string> = { higher: 'Higher is better', lower: 'Lower is better' };
const cellClass = 'px-3 py-2 align-top';
const headerCellClass = 'sticky left-0 z-10 bg-surface px-3 py-2 text-left align-top font-normal shadow-[1px_0_0_var(--color-border)]';

/** Bar lengths for a row: each value's size against the row's largest (magnitudes: a loss draws as long as a gain). */
function measureBars(values: readonly Cell[]): Array<number | null> {
  const nums = values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? Math.abs(v) : null));
  const max = Math.max(0, ...nums.map((n) => n ?? 0));
  return nums.map((n) => (n === null || max === 0 || nums.filter((x) => x !== null).length < 2 ? null : n / max));
}

function ValueRow({
  label,
  hint,
  values,
  unit,
  rule,
  testId,
  reasons,
}: {
  label: string;
  hint?: string;
  values: Cell[];
  /** Why a missing value is missing, per column (shown instead of a bare dash). */
  reasons?: Array<string | undefined>;
  unit: FieldUnit;
  rule: RankRule;
  testId: string;
}) {
  const standings: Standing[] = rankRow(values, rule);
  const bars = unit === 'label' ? values.map(() => null) : measureBars(values);
  return (
    <tr className="border-t border-border-subtle" data-testid={testId}>
      <th scope="row" className={headerCellClass}>
        <span className="font-medium text-fg">{label}</span>
        {rule.better && <span className="block text-xs text-fg-muted">{BETTER_HINT[rule.better]}</span>}
        {hint && <span className="block text-xs text-fg-muted">{hint}</span>}
      </th>
      {values.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one cell per compared symbol, in column order
        <td key={i} className={cn(cellClass, standingCellClass(standings[i]!))} data-standing={standings[i] ?? undefined}>
          {/* relative: the screen-reader-only reason stays inside the scrolling table instead of widening the page */}
          <div className="relative flex flex-wrap items-center gap-1.5">
            <span className="tabular font-medium text-fg" title={v === null ? reasons?.[i] : undefined}>
              {formatFieldValue(v, unit)}
            </span>
            {v === null && reasons?.[i] && <span className="sr-only">({reasons[i]})</span>}
            <StandingCue standing={standings[i]!} />
          </div>
          {bars[i] !== null && (
            <div className="mt-1 h-1 w-full max-w-24 rounded-full bg-surface-subtle" aria-hidden>
              <div
                className={cn('h-1 rounded-full', standings[i] === 'best' ? 'bg-brand' : standings[i] === 'worst' ? 'bg-negative-solid' : 'bg-fg-subtle')}
                style={{ width: `${Math.max(4, bars[i]! * 100)}%` }}
              />
            </div>
          )}
        </td>
      ))}
    </tr>
  );
}

function Section({ title, span, children }: { title: string; span: number; children: ReactNode }) {
  return (
    <tbody>
      <tr className="border-t border-border bg-surface-muted">
        <th scope="rowgroup" colSpan={span} className="px-3 py-1.5 text-left text-xs font-semibold uppercase tracking-wide text-fg-secondary">
          {title}
        </th>
      </tr>
      {children}
    </tbody>
  );
}

/** What the user has of this kind for one symbol: the saved run to open (free), the priced run, or why it cannot run. */
function AnalysisStatus({ item, kind, onRan }: { item: CompareItem; kind: CompareKind; onRan: () => void }) {
  const entry = item.analyses.find((a) => a.kind === kind)!;
  const account = useRunnerAccount(kind);
  if (entry.saved) {
    const s = entry.saved;
    return (
      <div className="space-y-1 text-xs text-fg-secondary" data-testid={`saved-${kind}-${item.symbol}`}>
        <Link
          to={buildAnalysisPath({ id: s.id, symbol: item.symbol, kind, subtype: null })}
          className="font-medium text-brand-fg underline-offset-2 hover:underline"
          aria-label={`Open your ${KIND_TITLES[kind].toLowerCase()} of ${item.symbol} (free)`}
        >
          Open (free)
        </Link>
        <p>
          Data as of {s.as_of}
          {!s.current && <span className="text-warning"> · newer data since</span>}
        </p>
        <p className="line-clamp-3" title={s.verdict}>
          {s.verdict}
        </p>
      </div>
    );
  }
  if (entry.unavailable) return <p className="text-xs text-fg-muted">{entry.unavailable}.</p>;
  return <RunAnalysisButton symbol={item.symbol} kind={kind} account={account} context={`${KIND_TITLES[kind]}, ${item.symbol}`} onDone={onRan} />;
}

/**
 * The symbols side by side: price, the market figures by group, then each analysis kind with its
 * status (open, run or why not) and its figures. Best and worst per row are marked in words and
 * with an icon; the tint and the bars repeat it.
 */
export function CompareTable({ items, onRan }: { items: CompareItem[]; onRan: () => void }) {
  const span = items.length + 1;
  const groups = [...new Set(FIGURE_ROWS.map((r) => r.group))];
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-surface">
      {/* Each symbol keeps a readable column: past the screen's width the table scrolls inside this frame. */}
      <table className="w-full table-fixed border-collapse text-sm" style={{ minWidth: `${8 + items.length * 8.5}rem` }} data-testid="compare-table">
        <caption className="sr-only">
          {`${items.map((i) => i.symbol).join(', ')} side by side. In each row the best and the worst value are marked “Best” and “Worst”.`}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={cn(headerCellClass, 'w-36 sm:w-44 text-xs font-semibold uppercase tracking-wide text-fg-muted')}>
              Figure
            </th>
            {items.map((i) => (
              <th key={i.symbol} scope="col" className="px-3 py-2 text-left align-top">
                <Link to={`/overview/${encodeURIComponent(i.symbol)}`} className="text-base font-semibold text-fg underline-offset-2 hover:underline">
                  {i.symbol}
                </Link>
                <span className="block text-xs font-normal text-fg-muted">{i.name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <Section title="Price" span={span}>
          <ValueRow
            label="Price"
            hint="Last close"
            values={items.map((i) => i.quote?.price ?? null)}
            unit="usd_per_share"
            rule={{ better: null }}
            testId="row-price"
          />
          <ValueRow
            label="Change"
            hint={items[0]?.quote?.change_period === '1mo' ? 'Over the last month' : 'On the last trading day'}
            values={items.map((i) => i.quote?.change_percent ?? null)}
            unit="percent"
            rule={{ better: null }}
            testId="row-change"
          />
        </Section>
        {groups.map((group) => {
          const rows = FIGURE_ROWS.filter((r) => r.group === group && items.some((i) => i.figures[r.id] !== null));
          if (rows.length === 0) return null;
          return (
            <Section key={group} title={group} span={span}>
              {rows.map((r) => {
                const f = describeFigure(r.id);
                return (
                  <ValueRow
                    key={r.id}
                    label={f.label}
                    values={items.map((i) => i.figures[r.id] ?? null)}
                    reasons={items.map((i) => i.missing[r.id])}
                    unit={f.unit}
                    rule={r}
                    testId={`row-${r.id}`}
                  />
                );
              })}
            </Section>
          );
        })}
        {COMPARE_KINDS.map((kind) => (
          <Section key={kind} title={KIND_TITLES[kind]} span={span}>
            <tr className="border-t border-border-subtle">
              <th scope="row" className={headerCellClass}>
                <span className="font-medium text-fg">Your analysis</span>
                <span className="block text-xs text-fg-muted">Newest saved run</span>
              </th>
              {items.map((i) => (
                <td key={i.symbol} className={cellClass}>
                  <AnalysisStatus item={i} kind={kind} onRan={onRan} />
                </td>
              ))}
            </tr>
            {ANALYSIS_ROWS.filter((r) => r.kind === kind).map((r) => (
              <ValueRow
                key={r.key}
                label={r.label}
                values={items.map((i) => i.analyses.find((a) => a.kind === kind)?.saved?.facts[r.key] ?? null)}
                unit={r.unit}
                rule={r}
                testId={`row-${r.key}`}
              />
            ))}
          </Section>
        ))}
      </table>
    </div>
  );
}
