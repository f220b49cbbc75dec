import { type NormCell, type PassContext, type PeriodKind, addDays, periodsOf } from './types.ts';

/** SEC deadlines for large accelerated filers: 60 days after the fiscal year for a 10-K, 40 after a quarter for a 10-Q. */
const FILING_DEADLINE_DAYS: Record<PeriodKind, number> = { annual: 60, quarterly: 40 };

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

/** Two vendors' copies of one SEC figure differ by rounding at most (LLY 2024: 78,714.9M vs 78,715M). */
const isSameVintage = (a: number, b: number) => Math.abs(a - b) <= 0.001 * Math.max(Math.abs(a), Math.abs(b));

/**
 * A value from a source without (trustworthy) filing dates — the plainsight extract has none, FMP dates
 * restated values by the original 10-K (JNJ FY2021 revenue 78,740M "filed 2022-02-17", a figure first filed
 * on 2024-02-16) — takes the date of the tagged source's vintage with the same value for that line and
 * period: the first filing that reported it, and the values it replaced. Runs before `assignFilingDates`,
 * which estimates what is left.
 */
export function dateByTaggedVintages(ctx: PassContext, kind: PeriodKind): void {
  for (const [end, m] of periodsOf(ctx, kind)) {
    for (const [line, cell] of m) {
      if (cell.tag !== undefined) continue;
      const tagged = ctx.sources.map((s) => (kind === 'annual' ? s.annual : s.quarterly).get(end)?.get(line)).find((c) => c?.tag !== undefined);
      if (!tagged?.asOf) continue;
      const vintages = [...(tagged.earlier ?? []), { value: tagged.value, asOf: tagged.asOf }];
      const i = vintages.findLastIndex((v) => isSameVintage(v.value, cell.value));
      if (i < 0) continue;
      const { asOfEstimated: _estimated, earlier: _earlier, ...rest } = cell;
      const dated: NormCell = { ...rest, asOf: vintages[i]!.asOf, ...(i > 0 ? { earlier: vintages.slice(0, i) } : {}) };
      m.set(line, dated);
    }
  }
}
