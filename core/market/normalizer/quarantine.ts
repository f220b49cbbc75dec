import { buildStatementSet } from '../normalize.ts';
import { checkFundamentals } from '../quality-checks.ts';
import type { SplitEvent } from '../split-adjust.ts';
import type { Figure, Fundamentals } from '../types.ts';
import { type PassContext, type Periods, quarantineCell } from './types.ts';

const toFigures = (p: Periods): Map<string, Map<string, Figure>> =>
  new Map([...p].map(([end, m]) => [end, new Map([...m].map(([k, c]) => [k, { value: c.value, source: c.source, as_of: c.asOf }]))]));

/** Checks whose fault sits in one value: that value is refused. The others (share jumps, balance identity) concern several values and are flagged. */
const QUARANTINE_CHECKS = new Set(['eps_consistency', 'revenue_positive', 'outflow_sign']);

/**
 * The universe-wide checks run on the repaired figures; a value that still fails one is served as null
 * with the check's finding as its note (`quarantined`), and faults spread over several values are
 * logged as `flagged` for the quality report.
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
    } else {
      ctx.log.record({
        dataset: 'fundamentals',
        symbol: ctx.symbol,
        outcome: 'flagged',
        kind: v.check,
        period: v.period ?? undefined,
        line: v.line ?? undefined,
        reason: v.detail,
      });
    }
  }
}
