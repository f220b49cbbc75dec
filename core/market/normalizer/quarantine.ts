import { buildStatementSet } from '../normalize.ts';
import { checkFundamentals } from '../quality-checks.ts';
import type { SplitEvent } from '../split-adjust.ts';
import type { Figure, Fundamentals } from '../types.ts';
import { type PassContext, type Periods, quarantineCell } from './types.ts';

const toFigures = (p: Periods): Map<string, Map<string, Figure>> =>
  new Map([...p].map(([end, m]) => [end, new Map([...m].map(([k, c]) => [k, { value: c.value, source: c.source, as_of: c.asOf }]))]));

/**
 * Checks whose fault sits in one value: that value is refused. The others (share jumps, balance identity)
 * concern several values and are flagged. The revenue invariants are enforced earlier (revenue-invariants.ts,
 * with repairs); listed here so that one left over is withheld, never served.
 */
const QUARANTINE_CHECKS = new Set([
  'eps_consistency',
  'revenue_positive',
  'outflow_sign',
  'operating_income_within_revenue',
  'gross_profit_within_revenue',
  'cost_within_revenue',
  'revenue_jump',
]);

/** The figure that carries a flag's note: the check's own line, else total assets for the balance identity. */
const FLAGGED_LINE: Record<string, string> = { balance_identity: 'total_assets' };

/**
 * The universe-wide checks run on the repaired figures; a value that still fails one is served as null
 * with the check's finding as its note (`quarantined`). A fault spread over several values (share jumps,
 * the balance identity) is served as reported, `flagged` in the log and in a note on the figure, so it
 * is never served silently; a share jump's note says why it was not restated as a split.
 */
export function quarantineFailedChecks(ctx: PassContext, splits: readonly SplitEvent[]): void {
  const f: Fundamentals = {
    symbol: ctx.symbol,
    currency: 'USD',
    annual: buildStatementSet(toFigures(ctx.annual), 'annual', Number.MAX_SAFE_INTEGER),
    quarterly: buildStatementSet(toFigures(ctx.quarterly), 'quarterly', Number.MAX_SAFE_INTEGER),
    split_adjusted: true,
    notes: [],
  };
  for (const v of checkFundamentals(f, splits)) {
    if (QUARANTINE_CHECKS.has(v.check) && v.period && v.line && v.basis) {
      quarantineCell(ctx, v.basis, v.period, v.line, 'quarantined', `fails the ${v.check.replace('_', ' ')} check: ${v.detail}`);
      continue;
    }
    const detected = ctx.log.events.find((e) => e.symbol === ctx.symbol && e.kind === 'share_jump' && e.period === v.period && v.basis === 'annual');
    const why = v.check === 'share_jump' && detected ? detected.reason : v.detail;
    ctx.log.record({
      dataset: 'fundamentals',
      symbol: ctx.symbol,
      outcome: 'flagged',
      kind: v.check,
      period: v.period ?? undefined,
      line: v.line ?? undefined,
      reason: why,
    });
    const line = v.line ?? FLAGGED_LINE[v.check];
    const cell = v.period && v.basis && line ? ctx[v.basis].get(v.period)?.get(line) : undefined;
    if (cell) cell.note = `${cell.note ? `${cell.note}; ` : ''}flagged, served as reported: ${why}`;
  }
}
