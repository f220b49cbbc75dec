import type { HoldingYieldResponse, SmartYieldResponse } from '../../../../../server/features/smart-yield/smart-yield.routes.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  formatCents,
  formatPct,
  formatSafetyValue,
  formatStreak,
  NOT_AVAILABLE,
  SAFETY_BAND_CLASSES,
  SAFETY_BAND_LABELS,
  SAFETY_COMPONENT_LABELS,
} from '../format-yield.ts';
import { IncomeCalendarChart } from './income-calendar-chart.tsx';
import { formatCount } from '../../../../../core/text/plural.ts';

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-fg tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {hint && <dd className="mt-0.5 text-xs text-fg-muted">{hint}</dd>}
    </div>
  );
}

function SafetyBadge({ safety }: { safety: HoldingYieldResponse['safety'] }) {
  if (!safety) return <span className="text-fg-subtle">{NOT_AVAILABLE}</span>;
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', SAFETY_BAND_CLASSES[safety.band])}>
      {Math.round(safety.score)}
      <span className="font-medium">{SAFETY_BAND_LABELS[safety.band]}</span>
    </span>
  );
}

function HoldingDetails({ h }: { h: HoldingYieldResponse }) {
  return (
    <div className="grid gap-4 py-2 text-sm md:grid-cols-2">
      {h.safety ? (
        <div>
          <p className="font-medium text-fg">
            Dividend safety {Math.round(h.safety.score)}/100 (FY{h.safety.fiscal_year})
          </p>
          <ul className="mt-2 space-y-1.5">
            {h.safety.components.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="text-fg-secondary">
                  {SAFETY_COMPONENT_LABELS[c.id]} <span className="text-fg-subtle">({c.weight} pts)</span>
                </span>
                <span className="tabular-nums text-fg">
                  {formatSafetyValue(c)} → {c.points === null ? 'excluded' : `${(c.points * c.weight).toFixed(1)} pts`}
                </span>
                {c.note && <span className="basis-full text-xs text-fg-muted">{c.note}</span>}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-fg-muted">No safety score for this holding.</p>
      )}
      <div>
        <p className="font-medium text-fg">Figures</p>
        <ul className="mt-2 space-y-1 text-fg-secondary">
          <li>
            Trailing dividend: {h.annual_dividend_per_share === null ? NOT_AVAILABLE : `$${h.annual_dividend_per_share.toFixed(4)}`} per share over{' '}
            {formatCount(h.payments_per_year, 'payment')}
          </li>
          <li>Market value: {formatCents(h.market_value_cents)}</li>
          {h.lines.length > 1 && <li>Merged from lines {h.lines.join(', ')}</li>}
        </ul>
        {h.notes.length > 0 && (
          <ul className="mt-2 list-disc space-y-1 pl-5 text-xs text-fg-muted">
            {h.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

const holdingColumns: DataTableColumn<HoldingYieldResponse>[] = [
  {
    id: 'holding',
    header: 'Holding',
    rowHeader: true,
    cell: (h) => (
      <>
        <span className="font-semibold text-fg">{h.symbol}</span>
        <span className="block max-w-[14rem] truncate text-xs text-fg-muted">{h.name}</span>
      </>
    ),
  },
  { id: 'shares', header: 'Shares', numeric: true, cell: (h) => h.shares.toLocaleString('en-US', { maximumFractionDigits: 6 }) },
  { id: 'yield', header: 'Yield (trailing 12 months)', numeric: true, cell: (h) => formatPct(h.dividend_yield_pct) },
  { id: 'yield-on-cost', header: 'Yield on cost', numeric: true, cell: (h) => formatPct(h.yield_on_cost_pct) },
  { id: 'payout', header: 'Payout', numeric: true, cell: (h) => formatPct(h.payout_ratio_pct, 0) },
  { id: 'streak', header: 'Streak', numeric: true, cell: (h) => formatStreak(h) },
  { id: 'growth', header: '5y growth', numeric: true, cell: (h) => formatPct(h.dividend_cagr_5y_pct, 1) },
  { id: 'safety', header: 'Safety', cell: (h) => <SafetyBadge safety={h.safety} /> },
  { id: 'income', header: 'Income / yr', numeric: true, cellClassName: 'font-medium', cell: (h) => formatCents(h.annual_income_cents) },
];

/** Totals, the income calendar and the per-holding table of a smart yield report. */
export function YieldReport({ report }: { report: SmartYieldResponse }) {
  const t = report.totals;
  return (
    <div className="space-y-6" data-testid="yield-report">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Projected annual income"
          value={formatCents(t.annual_income_cents)}
          testId="total-income"
          hint={`${formatCents(t.monthly_average_cents)} a month on average`}
        />
        <Stat label="Projected yield" value={formatPct(t.weighted_yield_pct)} testId="weighted-yield" hint="Projected income ÷ market value" />
        <Stat label="Market value" value={formatCents(t.market_value_cents)} hint={`${t.counted} of ${report.holdings.length} holdings counted`} />
        <Stat
          label="Yield on cost"
          value={formatPct(t.yield_on_cost_pct)}
          hint={t.cost_basis_cents === null ? 'Give every holding a cost to see it' : `Cost basis ${formatCents(t.cost_basis_cents)}`}
        />
      </dl>

      <Card>
        <CardHeader>
          <CardTitle>Income calendar, next 12 months</CardTitle>
          <CardDescription>
            Each payment that went ex from {report.window.after} (exclusive) to {report.window.through}, moved forward one year at the same amount per share ×
            your shares. No raises are assumed.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <IncomeCalendarChart calendar={report.calendar} historyThrough={report.history_through} />
        </CardContent>
      </Card>

      {(t.excluded.length > 0 || report.merged.length > 0) && (
        <div className="space-y-2 text-sm">
          {report.merged.length > 0 && (
            <p className="rounded-lg border border-info-muted bg-info-soft px-4 py-3 text-info-strong">
              Merged lots: {report.merged.map((m) => `${m.symbol} (lines ${m.lines.join(', ')})`).join('; ')} — shares summed, cost averaged by shares.
            </p>
          )}
          {t.excluded.length > 0 && (
            <div className="rounded-lg border border-warning-muted bg-warning-soft px-4 py-3 text-warning-strong">
              <p className="font-medium">Left out of income and yield:</p>
              <ul className="mt-1 list-disc pl-5">
                {t.excluded.map((e) => (
                  <li key={e.symbol}>
                    {e.symbol}: {e.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Holdings</CardTitle>
          <CardDescription>
            Open a row for its safety score components and notes. Growth streak and 5-year growth use complete calendar years of payments.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            columns={holdingColumns}
            rows={report.holdings}
            rowKey={(h) => h.symbol}
            caption="Holdings with their yield, payout, dividend streak and growth, safety and yearly income"
            scrollLabel="Holdings and their dividend figures"
            testId="holdings-table"
            tableClassName="min-w-[52rem]"
            headClassName="border-b border-border text-xs uppercase tracking-wide text-fg-muted"
            bodyClassName="border-b border-border-subtle"
            cellClassName="px-2 py-2 first:pl-0 last:pr-0"
            rowClassName={(h) => (h.counted ? '' : 'text-fg-muted')}
            rowDetails={(h) => (
              <details className="group">
                <summary className="cursor-pointer rounded text-xs font-medium text-brand-fg hover:underline">Details for {h.symbol}</summary>
                <HoldingDetails h={h} />
              </details>
            )}
            rowDetailsClassName="pb-2"
          />
        </CardContent>
      </Card>
      <p className="text-xs text-fg-muted">
        Prices as of {report.data_day}; dividend history through {report.history_through}; payout and safety from the latest annual filing known on{' '}
        {report.data_day}.
      </p>
    </div>
  );
}
