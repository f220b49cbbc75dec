import { LINE_DEFS } from '../statements.ts';
import { dayNumber, type PassContext, quarantineCell, repairCell, sortedEnds, formatMillions } from './types.ts';

/** Amounts that add up over a year's quarters (per-share figures and share counts do not). */
const ADDITIVE_LINES = LINE_DEFS.filter((d) => d.flow && d.unit === 'USD').map((d) => d.key);
/** A fourth quarter within 0.5 % of its fiscal year's figure is that figure. */
const SAME_FRACTION = 0.005;
/** The year's other quarters must matter: together at least 5 % of the year (else the year may truly be its Q4). */
const OTHERS_MIN_FRACTION = 0.05;
/** Without the year's own revenue: a fourth quarter this many times each of the year's three others holds the year. */
const YEAR_IN_QUARTER_RATIO = 2.5;
/** A quarter ending this close to the fiscal year's end is its fourth (52/53-week years end on different days). */
const Q4_WINDOW_DAYS = 8;
/** The year's earlier quarters end after this many days before its end (the previous year's Q4 ends 364–371 before). */
const YEAR_DAYS = 358;

/**
 * A fourth quarter that holds its fiscal year: a vendor's quarterly row for Q4 carrying the year's figure (NI's
 * revenue: 6,522.8M for the quarter ended 2025-12-31, its FY2025 total, beside quarters of 1.2–2.1B; LHX's revenue and
 * operating income). Q1 + Q2 + Q3 + Q4 = FY, so a Q4 equal to the year while the other three add up to something is
 * not the quarter. Repaired as FY − Q1 − Q2 − Q3 when the three are reported, else withheld — never summed into a
 * trailing twelve months (NI's read 11.3B against a 6.5B year).
 */
export function repairFourthQuartersHoldingTheYear(ctx: PassContext): void {
  const quarterEnds = sortedEnds(ctx.quarterly);
  for (const fyEnd of sortedEnds(ctx.annual)) {
    const fyDay = dayNumber(fyEnd);
    const q4End = quarterEnds.find((e) => Math.abs(dayNumber(e) - fyDay) <= Q4_WINDOW_DAYS);
    if (q4End === undefined) continue;
    const earlierEnds = quarterEnds.filter((e) => dayNumber(e) < dayNumber(q4End) && dayNumber(e) > fyDay - YEAR_DAYS);
    withholdRevenueQuarterHoldingAMissingYear(ctx, fyEnd, q4End, earlierEnds);
    for (const line of ADDITIVE_LINES) {
      const fy = ctx.annual.get(fyEnd)!.get(line);
      const q4 = ctx.quarterly.get(q4End)!.get(line);
      if (!fy || !q4 || fy.value === 0 || Math.abs(q4.value - fy.value) > SAME_FRACTION * Math.abs(fy.value)) continue;
      const earlier = earlierEnds.map((e) => ctx.quarterly.get(e)!.get(line)).filter((c) => c !== undefined);
      const sum = earlier.reduce((s, c) => s + c.value, 0);
      if (earlier.length === 0 || Math.abs(sum) < OTHERS_MIN_FRACTION * Math.abs(fy.value)) continue;
      const why = `the quarter ended ${q4End} reports ${formatMillions(q4.value)}, its fiscal year's ${line} (${formatMillions(fy.value)}), beside earlier quarters of ${formatMillions(sum)}: the year's figure in the fourth quarter's row`;
      if (earlier.length === 3) {
        const value = fy.value - sum;
        repairCell(
          ctx,
          'quarterly',
          q4End,
          line,
          { value, source: q4.source, asOf: q4.asOf, ...(q4.asOfEstimated ? { asOfEstimated: true as const } : {}) },
          { kind: 'fourth_quarter_is_the_year', before: q4.value, reason: `${why}; FY − Q1 − Q2 − Q3 = ${formatMillions(value)} used` },
        );
      } else
        quarantineCell(
          ctx,
          'quarterly',
          q4End,
          line,
          'fourth_quarter_is_the_year',
          `${why}; withheld (only ${earlier.length} of the three earlier quarters reported)`,
        );
    }
  }
}

/**
 * The same fault where the vendor has no revenue for the year itself (LHX FY2025, ended 2026-01-02: no annual revenue,
 * and a Q4 row of 21,865M beside quarters of 5,132–5,659M, so the trailing revenue read 38,694M). Revenue is positive
 * and a fourth quarter is no 2.5× every other quarter of its year and more than the three together: the row is
 * withheld, never summed into a trailing twelve months; which part of it is the quarter is not known without the year.
 */
function withholdRevenueQuarterHoldingAMissingYear(ctx: PassContext, fyEnd: string, q4End: string, earlierEnds: readonly string[]): void {
  if (ctx.annual.get(fyEnd)!.has('revenue')) return;
  const q4 = ctx.quarterly.get(q4End)!.get('revenue');
  const earlier = earlierEnds.map((e) => ctx.quarterly.get(e)!.get('revenue')?.value).filter((v) => v !== undefined);
  if (!q4 || earlier.length !== 3 || earlier.some((v) => !(v > 0)) || q4.value < YEAR_IN_QUARTER_RATIO * Math.max(...earlier)) return;
  // A row holding the year holds the other three quarters too.
  if (q4.value <= earlier.reduce((s, v) => s + v, 0)) return;
  quarantineCell(
    ctx,
    'quarterly',
    q4End,
    'revenue',
    'fourth_quarter_is_the_year',
    `the quarter ended ${q4End} reports ${formatMillions(q4.value)}, ${(q4.value / Math.max(...earlier)).toFixed(1)}× each of its year's other quarters (${earlier.map(formatMillions).join(', ')}), and the year's own revenue is not reported: most likely the year's figure in the fourth quarter's row; withheld`,
  );
}
