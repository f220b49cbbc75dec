import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { useId, useMemo, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import type { AnalysisResponse, ShownAnalysis } from '../api/run-analysis.ts';
import { type Attribution, describeBase, formatAttributionValue, layoutWaterfall, type WaterfallBar } from '../attribution-waterfall-geometry.ts';
import { formatCount } from '../../../../../core/text/plural.ts';
import { Select } from '../../../components/ui/select.tsx';

// Token colours (index.css) as CSS values, so the bars follow the theme.
const FILL = { up: 'var(--color-chart-up)', down: 'var(--color-chart-down)', level: 'var(--color-fg-muted)' } as const;

function fillOf(b: WaterfallBar): string {
  if (b.kind !== 'step') return FILL.level;
  return b.amount > 0 ? FILL.up : FILL.down;
}

/** What a bar adds for a screen reader (and the caption under the chart) after its visible name and amount. */
function describeBar(a: Attribution, b: WaterfallBar): string {
  const v = (x: number) => formatAttributionValue(a, x, false);
  if (b.kind === 'base') return describeBase(a) === 'Start' ? 'where the score starts' : `where the score starts: ${describeBase(a).toLowerCase()}`;
  if (b.kind === 'score') return `${a.label}: base plus every bar`;
  return `from ${v(b.from)} to ${v(b.to)}. ${b.explanation}`;
}

function WaterfallRow({ a, bar, onShow }: { a: Attribution; bar: WaterfallBar; onShow: (text: string) => void }) {
  const name = bar.kind === 'base' ? describeBase(a) : bar.kind === 'score' ? 'Score' : bar.label;
  const amount = formatAttributionValue(a, bar.amount, bar.kind === 'step');
  const text = `${name}: ${amount}, ${describeBar(a, bar)}`;
  return (
    <li>
      <button
        type="button"
        title={bar.explanation || undefined}
        onFocus={() => onShow(text)}
        onMouseEnter={() => onShow(text)}
        onClick={() => onShow(text)}
        data-testid="attribution-bar"
        className="grid w-full grid-cols-[minmax(0,7.5rem)_minmax(0,1fr)_auto] items-center gap-2 rounded px-1 py-0.5 text-left hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)_auto]"
      >
        <span className={`line-clamp-2 text-sm ${bar.kind === 'step' ? 'text-fg' : 'font-semibold text-fg'}`}>{name}</span>
        <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-4 w-full" aria-hidden="true">
          <rect x="0" y="4.5" width="100" height="1" className="fill-border" />
          <rect x={bar.x} y="1" width={bar.width} height="8" rx="0.5" style={{ fill: fillOf(bar) }} />
        </svg>
        <span
          className={`text-right text-sm tabular-nums ${bar.kind === 'step' ? (bar.amount > 0 ? 'text-positive' : 'text-negative') : 'font-semibold text-fg'}`}
        >
          {amount}
        </span>
        <span className="sr-only">, {describeBar(a, bar)}</span>
      </button>
    </li>
  );
}

/** A line of the attribution table: the base, each input's contribution, then the score they sum to. */
type AttributionRow = { key: string; label: string; amount: string; how: string; total?: boolean };
const attributionColumns: DataTableColumn<AttributionRow>[] = [
  { id: 'input', header: 'Input', rowHeader: true, cellClassName: (r) => (r.total ? 'font-semibold text-fg' : 'text-fg'), cell: (r) => r.label },
  { id: 'contribution', header: 'Contribution', numeric: true, cellClassName: (r) => r.total && 'font-semibold', cell: (r) => r.amount },
  { id: 'how', header: 'How', cellClassName: 'text-fg-muted', cell: (r) => r.how },
];

function AttributionTable({ a }: { a: Attribution }) {
  return (
    <DataTable
      columns={attributionColumns}
      rows={[
        { key: 'base', label: describeBase(a), amount: formatAttributionValue(a, a.base, false), how: 'Where the score starts' },
        ...a.contributions.map(
          (c): AttributionRow => ({ key: c.key, label: c.label, amount: formatAttributionValue(a, c.contribution, true), how: c.explanation }),
        ),
        { key: 'score', label: 'Score', amount: formatAttributionValue(a, a.score, false), how: a.verdict ? `${a.verdict}` : '', total: true },
      ]}
      rowKey={(r) => r.key}
      caption={`Every input of the ${a.label}, with its contribution and how it was computed`}
      scrollLabel="Every input and its contribution"
      className="mt-2"
      tableClassName="min-w-[32rem]"
      cellClassName="py-1.5 pr-3 last:pr-0"
      rowClassName={(r) => (r.total ? undefined : 'border-b border-border-subtle')}
    />
  );
}

const TITLES: Partial<Record<AnalysisResponse['kind'], string>> = {
  technical: 'What moved the rating',
  dcf: 'What makes up the fair value',
};

function AttributionCard({ list, kind }: { list: Attribution[]; kind: AnalysisResponse['kind'] }) {
  const [target, setTarget] = useState(list[0]!.target);
  const a = list.find((x) => x.target === target) ?? list[0]!;
  const waterfall = useMemo(() => layoutWaterfall(a), [a]);
  const [shown, setShown] = useState<string | null>(null);
  const ids = { select: useId(), summary: useId(), detail: useId() };
  const steps = waterfall.bars.filter((b) => b.kind === 'step');
  const summary = `${describeBase(a)} ${formatAttributionValue(a, a.base, false)}, ${formatCount(steps.length, 'input')} moving it, score ${formatAttributionValue(a, a.score, false)}${a.verdict ? ` (${a.verdict})` : ''}.`;

  return (
    <Card data-testid="attribution">
      <CardHeader>
        <CardTitle>{TITLES[kind] ?? 'What moved each grade and score'}</CardTitle>
        <CardDescription>
          Each bar is one input’s contribution: the start plus every bar equals the score exactly. Focus or point at a bar for how it was computed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {list.length > 1 && (
          <div className="mb-3">
            <label htmlFor={ids.select} className="block text-sm font-medium text-fg">
              Grade or score
            </label>
            <Select
              id={ids.select}
              value={a.target}
              onChange={(e) => {
                setTarget(e.target.value);
                setShown(null);
              }}
              className="mt-1 w-full max-w-md"
            >
              {list.map((x) => (
                <option key={x.target} value={x.target}>
                  {x.label}
                </option>
              ))}
            </Select>
          </div>
        )}
        <h3 className="text-sm font-semibold text-fg">{a.label}</h3>
        <p id={ids.summary} className="text-sm text-fg-muted">
          {summary}
        </p>
        <ol aria-label={`Waterfall of the ${a.label}`} aria-describedby={ids.summary} className="mt-3 space-y-0.5">
          {waterfall.bars.map((b) => (
            <WaterfallRow key={b.key} a={a} bar={b} onShow={setShown} />
          ))}
        </ol>
        <p id={ids.detail} aria-live="polite" className="mt-2 min-h-10 text-sm text-fg-secondary" data-testid="attribution-detail">
          {shown ?? ''}
        </p>
        {waterfall.unmoved.length > 0 && (
          <p className="text-sm text-fg-muted">
            {formatCount(waterfall.unmoved.length, 'input')} moved it by 0: {waterfall.unmoved.map((c) => c.label).join(', ')}.
          </p>
        )}
        {waterfall.notCounted.length > 0 && (
          <p className="text-sm text-fg-muted">Not counted, no value for this company: {waterfall.notCounted.map((c) => c.label).join(', ')}.</p>
        )}
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-fg">Show every input as a table</summary>
          <AttributionTable a={a} />
        </details>
      </CardContent>
    </Card>
  );
}

/** Which facts moved each grade and rating, and by how much: a waterfall per attribution, with a table alternative. */
export function AnalysisAttribution({ analysis }: { analysis: ShownAnalysis }) {
  const list = analysis.attribution;
  if (list.length > 0) return <AttributionCard key={analysis.id} list={list} kind={analysis.kind} />;
  // an ETF analysis has no grade; anything else without attribution was saved before it existed
  if (analysis.kind === 'etf') return null;
  return (
    <Card data-testid="attribution-unavailable">
      <CardContent className="pt-5 text-sm text-fg-muted">
        This analysis was saved before Stockpilot showed what moved each grade and score. Run it again to see the breakdown.
      </CardContent>
    </Card>
  );
}
