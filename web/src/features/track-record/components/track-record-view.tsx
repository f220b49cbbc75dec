import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { useState } from 'react';
import type { TrackRecordGroupResponse, TrackRecordResponse } from '../../../../../server/features/track-record/track-record.routes.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { describeHorizon, formatCount, formatMonth, formatPoints, formatRate, nameKind } from '../format-track-record.ts';
import { HitRateChart, type RunSource } from './hit-rate-chart.tsx';

const SOURCE_NAMES: Record<RunSource, string> = { backtest: 'Backtest', live: 'Users’ runs' };

/** A row of toggle buttons (one pressed): the horizon and the runs the chart shows. */
function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Array<{ value: T; label: string }>;
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="float-left mr-2 text-sm font-medium text-fg-secondary">{label}</legend>
      <div className="grid auto-cols-fr grid-flow-col rounded-lg border border-border-strong bg-surface p-0.5">
        {options.map((o) => (
          <button
            key={String(o.value)}
            type="button"
            aria-pressed={o.value === value}
            onClick={() => onChange(o.value)}
            className={cn(
              'whitespace-nowrap rounded-md px-2 py-1.5 text-xs sm:px-3 sm:text-sm',
              o.value === value ? 'bg-brand font-semibold text-white' : 'text-fg-secondary hover:bg-surface-subtle',
            )}
          >
            {o.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function BacktestProgress({ backtest }: { backtest: TrackRecordResponse['backtest'] }) {
  if (backtest.status === 'not_started')
    return (
      <Alert tone="info" title="The backtest has not run on this server yet">
        It starts with the server and fills this page within a minute or so; users’ runs appear as they are scored.
      </Alert>
    );
  const range = backtest.first_month && backtest.last_month ? `${formatMonth(backtest.first_month)} to ${formatMonth(backtest.last_month)}` : '';
  if (backtest.status === 'done')
    return (
      <p className="text-sm text-fg-muted" data-testid="backtest-progress">
        Backtest: {formatCount(backtest.months_total)} month-ends from {range}, {formatCount(backtest.runs)} runs.
      </p>
    );
  const percent = Math.round((100 * backtest.months_done) / Math.max(1, backtest.months_total));
  return (
    <div className="space-y-2" data-testid="backtest-progress">
      <p className="text-sm font-medium text-fg">
        Backtest running: {backtest.months_done} of {backtest.months_total} month-ends done ({formatCount(backtest.runs)} runs so far)
      </p>
      <div
        role="progressbar"
        aria-label="Backtest progress"
        aria-valuemin={0}
        aria-valuemax={backtest.months_total}
        aria-valuenow={backtest.months_done}
        className="h-2 overflow-hidden rounded-full bg-surface-strong"
      >
        <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Every figure at every horizon, for reading rather than looking. */
function FiguresTable({ groups, source }: { groups: TrackRecordGroupResponse[]; source: RunSource }) {
  const horizons = groups[0]?.[source].horizons.map((h) => h.months) ?? [];
  return (
    <details className="rounded-xl border border-border bg-surface">
      <summary className="cursor-pointer px-5 py-3 text-sm font-medium text-fg">Every figure as a table ({SOURCE_NAMES[source].toLowerCase()})</summary>
      <DataTable
        columns={[
          { id: 'kind', header: 'Kind', cell: (g: TrackRecordGroupResponse) => nameKind(g.kind) },
          { id: 'call', header: 'Call', rowHeader: true, cell: (g) => `${g.verdict_label}: ${g.call_label}` },
          { id: 'runs', header: 'Runs', cell: (g) => formatCount(g[source].runs) },
          ...horizons.map(
            (m): DataTableColumn<TrackRecordGroupResponse> => ({
              id: String(m),
              header: `${describeHorizon(m)}: held (95 % CI), n, vs SPY`,
              cell: (g) => {
                const h = g[source].horizons.find((x) => x.months === m);
                if (!h) return null;
                return (
                  <>
                    {h.hit_rate_percent === null ? '—' : `${formatRate(h.hit_rate_percent)} (${formatRate(h.ci_low_percent)}–${formatRate(h.ci_high_percent)})`}
                    , n = {formatCount(h.n)}, {formatPoints(h.mean_excess_percent)}
                  </>
                );
              },
            }),
          ),
        ]}
        rows={groups}
        rowKey={(g) => `${g.kind}-${g.verdict}-${g.side}`}
        caption="Hit rate with its 95 % interval, sample size and mean excess return over SPY, per call and horizon"
        scrollLabel="Hit rates per call and horizon"
        className="mx-5 mb-5"
        tableClassName="min-w-[52rem] tabular-nums"
        headClassName="text-fg-muted"
        bodyClassName="divide-y divide-border-subtle"
        cellClassName="py-2 pr-3"
        rowClassName=""
      />
    </details>
  );
}

/** The calls that claim nothing (Neutral, grade C…): counted and shown, with no hit rate. */
function NoCallLine({ groups, months, source }: { groups: TrackRecordGroupResponse[]; months: number; source: RunSource }) {
  const parts = groups.flatMap((g) => {
    const h = g[source].horizons.find((x) => x.months === months)!;
    return g[source].runs === 0
      ? []
      : [`${g.verdict_label} ${g.call_label.split(':')[0]} — n = ${formatCount(h.n)}, vs SPY ${formatPoints(h.mean_excess_percent)}`];
  });
  if (parts.length === 0) return null;
  return <p className="mt-4 text-xs text-fg-muted">No call (counted, no hit rate): {parts.join('; ')}.</p>;
}

export function TrackRecordView({ data }: { data: TrackRecordResponse }) {
  const hasBacktest = data.groups.some((g) => g.backtest.runs > 0);
  // Until the reader picks, the backtest when it has runs (they arrive while the page is open on a fresh install).
  const [picked, setSource] = useState<RunSource | null>(null);
  const source = picked ?? (hasBacktest ? 'backtest' : 'live');
  const [months, setMonths] = useState<number>(3);
  const shown = data.groups.filter((g) => g[source].runs > 0);
  const kinds = [...new Set(shown.map((g) => g.kind))];
  const runsOf = (s: RunSource) => data.groups.reduce((n, g) => Math.max(n, g[s].runs), 0);
  return (
    <div className="space-y-8">
      <BacktestProgress backtest={data.backtest} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-6">
        <Segmented label="Horizon" value={months} onChange={setMonths} options={data.horizons_months.map((m) => ({ value: m, label: describeHorizon(m) }))} />
        <Segmented
          label="Runs"
          value={source}
          onChange={setSource}
          options={(['backtest', 'live'] as const).map((s) => ({ value: s, label: `${SOURCE_NAMES[s]}${runsOf(s) ? '' : ' (none yet)'}` }))}
        />
      </div>
      {kinds.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border-strong p-6 text-center text-sm text-fg-muted" data-testid="track-record-empty">
          {source === 'backtest'
            ? 'No backtest runs yet on this server.'
            : 'No user’s analysis has been scored yet: each one joins the record within a minute of being run.'}
        </p>
      ) : (
        kinds.map((kind) => {
          const calls = shown.filter((g) => g.kind === kind && g.side !== 'neutral');
          return (
            <Card key={kind} data-testid={`track-record-${kind}`}>
              <CardHeader>
                <CardTitle>{nameKind(kind)}</CardTitle>
                <CardDescription>
                  Share of calls that held {describeHorizon(months)} later; the whisker is the 95 % confidence interval, the dashed line 50 %.
                </CardDescription>
              </CardHeader>
              <CardContent>
                {calls.length > 0 ? (
                  <HitRateChart groups={calls} months={months} source={source} />
                ) : (
                  <p className="text-sm text-fg-muted">No directional call yet.</p>
                )}
                <NoCallLine groups={shown.filter((g) => g.kind === kind && g.side === 'neutral')} months={months} source={source} />
              </CardContent>
            </Card>
          );
        })
      )}
      {shown.length > 0 && <FiguresTable groups={shown} source={source} />}
      <Method rules={data.rules} dataDay={data.data_day} />
    </div>
  );
}

function Method({ rules, dataDay }: { rules: TrackRecordResponse['rules']; dataDay: string | null }) {
  return (
    <section aria-labelledby="method-heading" className="space-y-4 rounded-2xl border border-border bg-surface p-6">
      <h2 id="method-heading" className="text-xl font-semibold text-fg">
        How the record is kept
      </h2>
      <ul className="list-disc space-y-2 pl-5 text-sm leading-relaxed text-fg-secondary">
        <li>
          <strong>Every run counts.</strong> Each analysis anyone runs joins the record automatically, whatever happened next; none is left out or removed for
          doing badly. Calls that claim no direction (a Neutral rating, a C grade) are counted and shown, without a hit rate.
        </li>
        <li>
          A run is measured from the close on its data day. After 1, 3, 6 and 12 calendar months we compare that close with the last close on or before the
          horizon’s end, and SPY over the same days. A horizon counts only once it has passed; prices here run to {dataDay ?? 'the latest data day'}.
        </li>
        <li>
          <strong>Backtest.</strong> To start the record with real figures, the same engines were re-run at every month-end of the last five years on the
          S&amp;P 500 names in the data, using only filings made and prices known by that day: the technical, fundamental and DCF analyses (the overview and the
          balance sheet repeat their verdicts, so those two count users’ runs only). The names are today’s index members, so companies that fell out of it are
          missing: this flatters bullish calls somewhat.
        </li>
        <li>
          Hit rate = calls that held ÷ calls whose horizon has passed (n). The 95 % interval is Wilson’s: with n = 100 and 55 held it runs from about 45 % to 64
          %, so small differences from 50 % mean little. “vs SPY” is the mean of the stock’s change minus SPY’s, in percentage points. Prices are
          split-adjusted, without dividends.
        </li>
      </ul>
      <h3 className="font-semibold text-fg">What each verdict claims</h3>
      <dl className="grid gap-3 text-sm md:grid-cols-2">
        {rules.map((r) => (
          <div key={r.verdict}>
            <dt className="font-medium text-fg">{r.label}</dt>
            <dd className="text-fg-muted">
              {r.bullish}; {r.bearish}; {r.neutral}.
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
