import type { SmartYieldResponse } from '../../../../../server/features/smart-yield/smart-yield.routes.ts';
import { formatCents, formatMonth } from '../format-yield.ts';

/**
 * The projected income of the next 12 months: one bar per calendar month (plain CSS, so it fills any
 * width from a phone up), each with its amount and payers on hover; the same figures as a table for
 * screen readers. A month the records do not reach a year back is drawn hollow and labelled unknown.
 */
export function IncomeCalendarChart({ calendar, historyThrough }: { calendar: SmartYieldResponse['calendar']; historyThrough: string }) {
  const max = Math.max(...calendar.map((c) => c.income_cents), 0);
  const total = calendar.reduce((s, c) => s + c.income_cents, 0);
  if (max === 0)
    return (
      <p className="rounded-lg border border-dashed border-border-strong p-6 text-center text-sm text-fg-muted" data-testid="income-calendar-empty">
        None of these holdings paid a dividend in the last year of the history: no income to project.
      </p>
    );
  const best = calendar.reduce((a, b) => (b.income_cents > a.income_cents ? b : a));
  const unknown = calendar.filter((c) => !c.known);
  return (
    <figure data-testid="income-calendar">
      <div className="flex h-48 items-end gap-1 border-b border-border-strong sm:gap-2" aria-hidden="true">
        {calendar.map((c) => {
          const payers = c.by_symbol
            .slice(0, 4)
            .map((p) => `${p.symbol} ${formatCents(p.income_cents)}`)
            .join(', ');
          return (
            <div
              key={c.month}
              className="flex h-full flex-1 flex-col justify-end"
              title={`${formatMonth(c.month, true)}: ${c.known ? '' : 'unknown (repeats an older year) — '}${formatCents(c.income_cents)}${payers ? ` — ${payers}${c.by_symbol.length > 4 ? '…' : ''}` : ''}`}
              data-testid="calendar-bar"
              data-known={c.known}
            >
              {c.income_cents > 0 && (
                <span className="mb-1 hidden text-center text-[10px] tabular-nums text-fg-muted md:block">
                  {formatCents(c.income_cents).replace(/\.\d\d$/, '')}
                </span>
              )}
              <div
                className={c.known ? 'rounded-t bg-brand' : 'rounded-t border-2 border-b-0 border-dashed border-fg-muted'}
                style={{ height: c.income_cents > 0 ? `max(2px, ${(c.income_cents / max) * 85}%)` : 0 }}
              />
            </div>
          );
        })}
      </div>
      <div className="mt-1 flex gap-1 sm:gap-2" aria-hidden="true">
        {calendar.map((c) => (
          <span key={c.month} className="flex-1 text-center text-[10px] text-fg-muted sm:text-xs">
            {formatMonth(c.month)}
            {!c.known && '?'}
          </span>
        ))}
      </div>
      <figcaption className="mt-2 text-xs text-fg-muted">
        {formatMonth(calendar[0]!.month, true)} – {formatMonth(calendar.at(-1)!.month, true)}: {formatCents(total)} in total, most in{' '}
        {formatMonth(best.month, true)} ({formatCents(best.income_cents)}).
        {unknown.length > 0 && (
          <span data-testid="calendar-unknown-note">
            {' '}
            {unknown.length === calendar.length ? 'Every month is' : `${unknown.length} ${unknown.length === 1 ? 'month is' : 'months are'}`} unknown (dashed,
            marked ?): the dividend records end {historyThrough}, so what was paid in the same month a year before is not on record, and{' '}
            {unknown.length === 1 ? 'its bar repeats' : 'their bars repeat'} an older year.
          </span>
        )}
      </figcaption>
      <table className="sr-only">
        <caption>Projected income by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Income</th>
            <th scope="col">Known</th>
            <th scope="col">Paid by</th>
          </tr>
        </thead>
        <tbody>
          {calendar.map((c) => (
            <tr key={c.month}>
              <td>{formatMonth(c.month, true)}</td>
              <td>{formatCents(c.income_cents)}</td>
              <td>{c.known ? 'yes' : 'no'}</td>
              <td>{c.by_symbol.map((p) => p.symbol).join(', ') || 'none'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
