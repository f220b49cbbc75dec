import { type PassContext, type PeriodKind, addDays, periodsOf } from './types.ts';

/** SEC deadlines for large accelerated filers: 60 days after the fiscal year for a 10-K, 40 after a quarter for a 10-Q. */
export const FILING_DEADLINE_DAYS: Record<PeriodKind, number> = { annual: 60, quarterly: 40 };

/**
 * Every value carries its filing date as `asOf`. Values whose source gives none (the SEC-derived
 * plainsight files) take the earliest real filing date another source gives for the same period end
 * (the period's first filing), else the period end plus the filing deadline; both are marked
 * `asOfEstimated`. A restated value may have been filed later than that: the mark says so.
 */
export function assignFilingDates(ctx: PassContext, kind: PeriodKind): void {
  for (const [end, m] of periodsOf(ctx, kind)) {
    let known: string | null = null;
    for (const s of ctx.sources) {
      for (const c of (kind === 'annual' ? s.annual : s.quarterly).get(end)?.values() ?? []) {
        if (c.asOf && !c.asOfEstimated && c.asOf >= end && (known === null || c.asOf < known)) known = c.asOf;
      }
    }
    const estimate = known ?? addDays(end, FILING_DEADLINE_DAYS[kind]);
    for (const [line, cell] of m) if (cell.asOf === null) m.set(line, { ...cell, asOf: estimate, asOfEstimated: true });
  }
}
