import { fiscalYearOf } from '../fiscal.ts';
import { type NormCell, type PassContext, type PeriodKind, periodsOf, quarantineCell, repairCell, sortedEnds, valueAt } from './types.ts';

/** A revenue below this fraction of a positive net income, or of both neighbouring periods' revenue, is not the company's total. */
const OFF_DEFINITION_FRACTION = 0.2;
/** A source's revenue ≥ 20% below an alternate's in at least three consecutive years at a steady ratio is one segment, not the total. */
const SEGMENT_RATIO = 0.8;
const MIN_SHARED_YEARS = 3;

type Reading = { value: number; source: string; cell: NormCell };

function isPlausible(value: number, netIncome: number | null, neighbours: readonly number[]): boolean {
  if (!(value > 0)) return false;
  // Only a profit: a loss can dwarf revenue (an impairment; a biotech before launch), a profit cannot.
  if (netIncome !== null && netIncome > 0 && value < OFF_DEFINITION_FRACTION * netIncome) return false;
  return neighbours.length === 0 || neighbours.some((n) => value >= OFF_DEFINITION_FRACTION * n);
}

/** Revenue of every other source for the period (alternates for a repair). */
function alternates(ctx: PassContext, kind: PeriodKind, end: string, except: string): Reading[] {
  return ctx.sources
    .filter((s) => s.source !== except)
    .map((s) => ({ source: s.source, cell: (kind === 'annual' ? s.annual : s.quarterly).get(end)?.get('revenue') }))
    .filter((x) => x.cell !== undefined)
    .map((x) => ({ value: x.cell!.value, source: x.source, cell: x.cell! }));
}

/**
 * One revenue definition per company: the total. (1) A source whose revenue is ≥ 20% below another
 * source's in every shared year is reporting a segment (an insurer's premiums instead of total
 * revenues): the other source's total replaces it. (2) A period whose revenue is ≤ 0, below 20% of a
 * positive net income, or below 20% of both neighbouring periods is on another definition (a sub-line tag):
 * repaired from another source that passes the same test, else quarantined. (3) A fourth quarter
 * that falls in a fiscal year whose revenue was off-definition is quarantined, since Q4 = FY − Q1..Q3
 * would mix definitions. `definedBy`: `vendors` compares the sources; `net_of_interest` (banks and
 * brokers: a vendor's gross figure is not their total) and `tagged` (a source's tags fixed the
 * definition, see tagged-lines.ts) skip the segment comparison, and `tagged` repairs from no other
 * source, whose figures are on other definitions.
 */
export function unifyRevenueDefinition(ctx: PassContext, kind: PeriodKind, definedBy: 'vendors' | 'net_of_interest' | 'tagged'): string[] {
  const p = periodsOf(ctx, kind);
  const offYears: string[] = [];
  if (kind === 'annual' && definedBy === 'vendors') replaceSegmentRevenue(ctx);
  const ends = sortedEnds(p).filter((e) => p.get(e)!.has('revenue'));
  const plausibleAlone = ends.filter((e) => {
    const v = valueAt(p, e, 'revenue')!;
    return isPlausible(v, valueAt(p, e, 'net_income'), []);
  });
  for (const end of ends) {
    const cell = p.get(end)!.get('revenue')!;
    const i = plausibleAlone.indexOf(end);
    const others = plausibleAlone.filter((e) => e !== end);
    const before = others.filter((e) => e < end).at(-1);
    const after = others.find((e) => e > end);
    const neighbours = [before, after].filter((e) => e !== undefined).map((e) => valueAt(p, e!, 'revenue')!);
    if (i >= 0 && isPlausible(cell.value, valueAt(p, end, 'net_income'), neighbours)) continue;
    offYears.push(end);
    const ni = valueAt(p, end, 'net_income');
    const why = !(cell.value > 0)
      ? `revenue ${cell.value} is not positive`
      : ni !== null && ni > 0 && cell.value < OFF_DEFINITION_FRACTION * ni
        ? `revenue ${cell.value} is under 20% of net income ${ni}`
        : `revenue ${cell.value} is under 20% of the neighbouring periods' (${neighbours.join(', ')})`;
    const alt = (definedBy === 'tagged' ? [] : alternates(ctx, kind, end, cell.source)).find((r) => isPlausible(r.value, ni, neighbours));
    if (alt) {
      repairCell(ctx, kind, end, 'revenue', alt.cell, {
        kind: 'revenue_definition',
        before: cell.value,
        reason: `${why}: a different revenue definition; ${alt.source}'s total used`,
      });
    } else {
      quarantineCell(
        ctx,
        kind,
        end,
        'revenue',
        'revenue_definition',
        `${why}: a different revenue definition than the company's total, and no source has the total`,
      );
    }
  }
  return offYears;
}

/**
 * Runs of at least three consecutive shared years in which the preferred source's revenue is ≥ 20%
 * below an alternate's at a steady ratio (within 15%) are a segment or a sub-line (BRK.B's insurance
 * line, COP's contract revenue): those years take the alternate's total. A run over every shared year
 * means the preferred source never reports the total, so its years the alternate lacks are quarantined.
 * One-off gaps are restatements (a spin-off's discontinued operations) and are left alone.
 */
function replaceSegmentRevenue(ctx: PassContext): void {
  const p = ctx.annual;
  const primary = sortedEnds(p)
    .map((e) => p.get(e)!.get('revenue')?.source)
    .find((s) => s !== undefined);
  if (!primary) return;
  for (const alt of ctx.sources) {
    if (alt.source === primary) continue;
    const shared = sortedEnds(p).filter((e) => p.get(e)!.get('revenue')?.source === primary && alt.annual.get(e)?.has('revenue'));
    const ratio = (e: string) => valueAt(p, e, 'revenue')! / alt.annual.get(e)!.get('revenue')!.value;
    const runs: string[][] = [];
    for (const e of shared) {
      const r = ratio(e);
      const run = runs.at(-1);
      const last = run?.at(-1);
      const steady =
        run !== undefined && last !== undefined && shared.indexOf(last) === shared.indexOf(e) - 1 && Math.abs(Math.log(r / ratio(run[0]!))) <= Math.log(1.15);
      if (r >= SEGMENT_RATIO) continue;
      if (steady) run.push(e);
      else runs.push([e]);
    }
    for (const run of runs.filter((x) => x.length >= MIN_SHARED_YEARS)) {
      const why = `${primary}'s revenue is ${Math.round((1 - ratio(run[0]!)) * 100)}% below ${alt.source}'s at a steady ratio in ${run[0]}–${run.at(-1)}: one segment, not the total`;
      for (const end of run) {
        repairCell(ctx, 'annual', end, 'revenue', alt.annual.get(end)!.get('revenue')!, {
          kind: 'revenue_definition',
          before: valueAt(p, end, 'revenue'),
          reason: `${why}; ${alt.source}'s total used`,
        });
      }
      withholdQuartersOfSegmentSource(ctx, primary, run, run.at(-1) === shared.at(-1), why);
      if (run.length !== shared.length) continue;
      for (const end of sortedEnds(p)) {
        if (p.get(end)!.get('revenue')?.source === primary)
          quarantineCell(ctx, 'annual', end, 'revenue', 'revenue_definition', `${why}; ${alt.source} has no total for this year`);
      }
    }
  }
}

/**
 * The quarters of a source whose annual revenue is one segment are on that segment too, and no source has a quarterly
 * total: withheld, so a trailing figure falls back to the fiscal year's total instead of summing four segment quarters
 * (BRK.B: four quarters of SEC's insurance-and-other revenue made 251,024M trailing against FY2025's 371,444M total).
 * The quarters of the run's fiscal years, and every later one when the run reaches the source's newest shared year
 * (its filings still report the segment). Beside revenue-invariants.ts `withholdSegmentQuarters`, which withholds the
 * quarters of years an invariant found to be a segment: here the segment is a source's, found against another source.
 */
function withholdQuartersOfSegmentSource(ctx: PassContext, source: string, run: readonly string[], throughNewest: boolean, why: string): void {
  const before = sortedEnds(ctx.annual)
    .filter((e) => e < run[0]!)
    .at(-1);
  const last = run.at(-1)!;
  for (const end of sortedEnds(ctx.quarterly)) {
    if (ctx.quarterly.get(end)!.get('revenue')?.source !== source) continue;
    if ((before !== undefined && end <= before) || (!throughNewest && end > last)) continue;
    quarantineCell(
      ctx,
      'quarterly',
      end,
      'revenue',
      'revenue_definition',
      `${why}; the quarters are on the same definition and no source has a quarterly total`,
    );
  }
}

/** Quarantines the quarterly revenue of the fourth quarter of each fiscal year whose annual revenue was off-definition. */
export function quarantineMixedFourthQuarters(ctx: PassContext, offYears: readonly string[]): void {
  for (const fyEnd of offYears) {
    for (const end of sortedEnds(ctx.quarterly)) {
      if (
        !ctx.quarterly.get(end)!.has('revenue') ||
        fiscalYearOf(end) !== fiscalYearOf(fyEnd) ||
        Math.abs(Date.parse(end) - Date.parse(fyEnd)) > 8 * 86_400_000
      )
        continue;
      quarantineCell(
        ctx,
        'quarterly',
        end,
        'revenue',
        'revenue_definition',
        `the fiscal year's revenue (${fyEnd}) is on another definition, so Q4 = FY − Q1..Q3 would mix definitions`,
      );
    }
  }
}
