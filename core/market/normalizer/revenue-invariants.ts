import { buildStatementSet } from '../normalize.ts';
import { checkRevenueInvariants, type QualityViolation, REVENUE_JUMP_MAX, REVENUE_JUMP_MIN } from '../quality-checks.ts';
import { isExcepted } from '../quality-exceptions.ts';
import type { Figure, Fundamentals } from '../types.ts';
import {
  dayNumber,
  type NormCell,
  type PassContext,
  type PeriodKind,
  periodsOf,
  quarantineCell,
  repairCell,
  sortedEnds,
  valueAt,
  formatMillions,
} from './types.ts';

const EVENT = 'revenue_invariant';
/** Cost of revenue + gross profit equal revenue within 1% when the three are on one definition. */
const IDENTITY_TOLERANCE = 0.01;
/** Enough rounds for every period of a company; each round repairs or withholds at least one revenue value. */
const MAX_ROUNDS = 200;

const sameFigure = (a: number, b: number) => Math.abs(a - b) <= IDENTITY_TOLERANCE * Math.abs(b);

function viewOf(ctx: PassContext, kind: PeriodKind): Fundamentals {
  const figures = new Map(
    [...periodsOf(ctx, kind)].map(([end, m]) => [
      end,
      new Map([...m].map(([k, c]): [string, Figure] => [k, { value: c.value, source: c.source, as_of: c.asOf }])),
    ]),
  );
  const empty = buildStatementSet(new Map(), kind, 0);
  const set = buildStatementSet(figures, kind, Number.MAX_SAFE_INTEGER);
  return {
    symbol: ctx.symbol,
    currency: 'USD',
    annual: kind === 'annual' ? set : empty,
    quarterly: kind === 'quarterly' ? set : empty,
    split_adjusted: true,
    notes: [],
  };
}

/** Revenue values of the other served periods, in period order (the neighbours a candidate is held to). */
function servedRevenue(ctx: PassContext, kind: PeriodKind, except: ReadonlySet<string>): Array<[string, number]> {
  const p = periodsOf(ctx, kind);
  return sortedEnds(p)
    .filter((e) => !except.has(e) && p.get(e)!.has('revenue'))
    .map((e) => [e, valueAt(p, e, 'revenue')!]);
}

const withinJump = (a: number, b: number) => b / a < REVENUE_JUMP_MAX && b / a > REVENUE_JUMP_MIN;

/**
 * A candidate total for `end` passes what the served value failed: no part above it (operating income,
 * gross profit, cost of revenue) and, for a year, no 5× jump to the nearest served years (or to `ref`,
 * the other side of a jump, when the neighbours are on the segment too).
 */
function passes(ctx: PassContext, kind: PeriodKind, end: string, value: number, neighbours: readonly number[]): boolean {
  if (!(value > 0)) return false;
  const p = periodsOf(ctx, kind);
  for (const part of ['operating_income', 'gross_profit', 'cost_of_revenue']) {
    const v = valueAt(p, end, part);
    if (v !== null && v > value) return false;
  }
  return kind === 'quarterly' || neighbours.every((n) => withinJump(n, value));
}

/**
 * The company's total for `end` from what the companyfacts hold: (1) another source's revenue for the
 * period (the tagged XBRL subset before the others; none where the tags define the total, as the other
 * sources are other definitions); (2) cost of revenue + gross profit, both tagged in the same filing
 * set, where the served revenue cannot be their total (cost alone exceeds it, and cost + gross profit is
 * not it) and no other period contradicts the identity (URI 2019: 5,681M + 3,670M = 9,351M, and the
 * identity holds 2015–2018: 3,337M + 2,480M = 5,817M). A gross profit derived as revenue − cost never
 * yields a candidate: it sums back to the served figure.
 */
function findTotal(
  ctx: PassContext,
  kind: PeriodKind,
  end: string,
  cell: NormCell,
  tagged: boolean,
  neighbours: readonly number[],
  suspect: ReadonlySet<string>,
): { cell: NormCell; how: string } | null {
  if (!tagged && !cell.tag) {
    for (const s of ctx.sources) {
      if (s.source === cell.source) continue;
      const alt = (kind === 'annual' ? s.annual : s.quarterly).get(end)?.get('revenue');
      if (alt && passes(ctx, kind, end, alt.value, neighbours)) return { cell: alt, how: `${s.source}'s total ${formatMillions(alt.value)} used` };
    }
  }
  const p = periodsOf(ctx, kind);
  const cost = p.get(end)?.get('cost_of_revenue');
  const gross = p.get(end)?.get('gross_profit');
  if (!cost || !gross || cost.source !== gross.source || !(cost.value > cell.value) || sameFigure(cost.value + gross.value, cell.value)) return null;
  const contradicted = sortedEnds(p).some((e) => {
    if (e === end || suspect.has(e)) return false;
    const [r, c, g, o] = ['revenue', 'cost_of_revenue', 'gross_profit', 'operating_income'].map((k) => valueAt(p, e, k));
    if (r == null || c == null || g == null || c > r || g > r || (o != null && o > r)) return false;
    return !sameFigure(c + g, r);
  });
  const total = cost.value + gross.value;
  if (contradicted || !passes(ctx, kind, end, total, neighbours)) return null;
  return {
    cell: { value: total, source: cost.source, asOf: cost.asOf ?? gross.asOf, ...(cost.asOfEstimated ? { asOfEstimated: true as const } : {}) },
    how: `cost of revenue ${formatMillions(cost.value)} + gross profit ${formatMillions(gross.value)} = ${formatMillions(total)}, the identity the company's other years satisfy`,
  };
}

/**
 * With revenue withheld, the lines on its segment go too: a gross profit equal to the withheld revenue −
 * cost (derived from it), and a cost no larger than the withheld revenue that adds up to it with the
 * gross profit (the segment's own cost: CCI 2016, 417M + 271M = 688M). A gross profit above revenue goes
 * with it when the two cannot be told apart (NI 2016: 4,492M gross profit on 4,392M revenue).
 */
function withholdSegmentLines(ctx: PassContext, kind: PeriodKind, end: string, revenue: number, grossAbove: boolean, why: string): void {
  const p = periodsOf(ctx, kind);
  const cost = valueAt(p, end, 'cost_of_revenue');
  const gross = valueAt(p, end, 'gross_profit');
  const onSegment = cost !== null && gross !== null && sameFigure(cost + gross, revenue);
  if (gross !== null && (onSegment || grossAbove))
    quarantineCell(ctx, kind, end, 'gross_profit', EVENT, `${why}; gross profit ${formatMillions(gross)} is on the same figure, not the company's`);
  if (cost !== null && onSegment && cost <= revenue)
    quarantineCell(ctx, kind, end, 'cost_of_revenue', EVENT, `${why}; cost of revenue ${formatMillions(cost)} is the same segment's`);
}

interface Resolution {
  /** Annual ends whose vendor revenue was off the total, with that figure (the quarters of those years are held to it). */
  segmentYears: Map<string, number>;
}

function resolvePeriod(
  ctx: PassContext,
  kind: PeriodKind,
  end: string,
  found: readonly QualityViolation[],
  tagged: boolean,
  out: Resolution,
  doubt: { resolved: Set<string>; suspect: ReadonlySet<string> },
): void {
  const p = periodsOf(ctx, kind);
  const cell = p.get(end)!.get('revenue')!;
  const before = cell.value;
  // A value already repaired once that fails again is not repaired a second time (no loop of repairs).
  const again = doubt.resolved.has(end);
  doubt.resolved.add(end);
  const suspect = doubt.suspect;
  const why = `revenue ${formatMillions(before)} fails ${found.map((v) => `${v.check.replaceAll('_', ' ')} (${v.detail})`).join('; ')}`;
  const served = servedRevenue(ctx, kind, suspect);
  const neighbours = [served.filter(([e]) => e < end).at(-1), served.find(([e]) => e > end)].flatMap((x) => (x ? [x[1]] : []));
  if (kind === 'annual' && !out.segmentYears.has(end)) out.segmentYears.set(end, before);
  const total = again ? null : findTotal(ctx, kind, end, cell, tagged, neighbours, suspect);
  if (total) {
    repairCell(ctx, kind, end, 'revenue', total.cell, { kind: EVENT, before, reason: `${why}: a segment, not the total; ${total.how}` });
    return;
  }
  const reason = `${why}: a segment or another definition, not the company's total, and no source has the total`;
  quarantineCell(ctx, kind, end, 'revenue', EVENT, reason);
  withholdSegmentLines(
    ctx,
    kind,
    end,
    before,
    found.some((v) => v.check === 'gross_profit_within_revenue'),
    `revenue ${formatMillions(before)} withheld`,
  );
}

/**
 * A jump of 5× or more with no named reason: the smaller side is the segment (a part is never larger
 * than the whole), and with it every year on its level up to the next jump (MET: 62,308M in 2017, then
 * 1,256M–2,436M from 2018 to 2025, all one segment). Each is repaired where a source has a total within
 * 5× of the other side, else withheld.
 */
function resolveJump(ctx: PassContext, v: QualityViolation, tagged: boolean, out: Resolution, resolved: Set<string>): void {
  const served = servedRevenue(ctx, 'annual', new Set());
  const j = served.findIndex(([e]) => e === v.period);
  const [[fromEnd, from], [toEnd, to]] = [served[j - 1]!, served[j]!];
  const falls = to < from;
  const ref = falls ? from : to;
  const step = falls ? 1 : -1;
  const run: Array<[string, number]> = [];
  for (let i = falls ? j : j - 1; i >= 0 && i < served.length; i += step) {
    const prev = run.at(-1);
    if (prev && !withinJump(prev[1], served[i]![1])) break;
    run.push(served[i]!);
  }
  const why = `revenue ${formatMillions(from)} (${fromEnd}) → ${formatMillions(to)} (${toEnd}) is a ${(to / from).toFixed(2)}× jump with no named reason (IPO, spin-off, restatement)`;
  const suspect = new Set([...resolved, ...run.map(([e]) => e)]);
  for (const [end, value] of run) {
    const again = resolved.has(end);
    resolved.add(end);
    if (!out.segmentYears.has(end)) out.segmentYears.set(end, value);
    const cell = ctx.annual.get(end)!.get('revenue')!;
    const total = again ? null : findTotal(ctx, 'annual', end, cell, tagged, [ref], suspect);
    const own = `revenue ${formatMillions(value)} (${end}) is on the smaller side`;
    if (total) {
      repairCell(ctx, 'annual', end, 'revenue', total.cell, { kind: EVENT, before: value, reason: `${why}; ${own}: a segment, not the total; ${total.how}` });
      continue;
    }
    quarantineCell(
      ctx,
      'annual',
      end,
      'revenue',
      EVENT,
      `${why}; ${own}: a segment or another definition, not the company's total, and no source has the total`,
    );
    withholdSegmentLines(ctx, 'annual', end, value, false, `revenue ${formatMillions(value)} withheld`);
  }
}

/**
 * Quarters of a year whose revenue was a segment: a quarter no larger than that year's segment figure is
 * on the segment too (a quarter of the total is about a quarter of a total at least 5× the segment's, or
 * the year would have passed). A quarter after the last fiscal year is held to that year. CFG 2024: the
 * year's 1,533M was withheld, so its quarters of ~400M are.
 */
function withholdSegmentQuarters(ctx: PassContext, segmentYears: ReadonlyMap<string, number>): void {
  const years = sortedEnds(ctx.annual);
  const last = years.at(-1);
  for (const end of sortedEnds(ctx.quarterly)) {
    const cell = ctx.quarterly.get(end)!.get('revenue');
    if (!cell) continue;
    const fy =
      years.find((y) => y >= end && dayNumber(y) - dayNumber(end) < 366) ??
      (last !== undefined && last < end && dayNumber(end) - dayNumber(last) < 366 ? last : undefined);
    const segment = fy === undefined ? undefined : segmentYears.get(fy);
    if (segment === undefined || cell.value > segment) continue;
    quarantineCell(
      ctx,
      'quarterly',
      end,
      'revenue',
      EVENT,
      `revenue ${formatMillions(cell.value)} is no larger than the fiscal year's ${formatMillions(segment)} (${fy}), which is a segment, not the company's total: the quarter is on the same segment`,
    );
  }
}

type FinancialKind = 'bank' | 'insurer';

/**
 * A bank's total revenue (net interest income + non-interest income) and an insurer's (premiums + investment
 * income + fees) pay for provisions or claims, expenses and tax before net income: net income above 2/3 of it
 * (a net margin over 67 %; the big banks run 25–35 %) means the revenue row holds a component.
 */
export const FINANCIAL_MAX_NET_MARGIN = 2 / 3;
/**
 * A year next to a component year and no more than 1.5× above it is on the same component (KEY 2024's 1,643M,
 * a loss year the floor cannot test, beside 2023's 1,435M); a company's total is 3–30× its components.
 */
const COMPONENT_LEVEL = 1.5;

/**
 * Banks and insurers: the years whose revenue fails the net-margin floor, and the years next to them no more
 * than 1.5× above them (spreading year by year), are a component, and no source in the data has the company's total (neither the SEC-derived extract nor
 * FMP carries net interest income, non-interest income or premiums for them): withheld with the finding,
 * and the quarters of those years with them. MTB 2022: revenue 1,525M < 1,992M net income ÷ 2/3 = 2,988M;
 * 2020–21 (5,955M and 5,992M, NII + non-interest income) are 3.9× that level and stay.
 */
function withholdFinancialComponents(ctx: PassContext, kind: FinancialKind, out: Resolution): void {
  const years = sortedEnds(ctx.annual).flatMap((end) => {
    const revenue = valueAt(ctx.annual, end, 'revenue');
    const net = valueAt(ctx.annual, end, 'net_income');
    return revenue === null ? [] : [{ end, revenue, net }];
  });
  const failing = years.filter((y) => y.net !== null && y.net > 0 && y.revenue < y.net / FINANCIAL_MAX_NET_MARGIN);
  if (!failing.length) return;
  // Spread from the failing years to their neighbours on the same level, year by year in both directions.
  const on = new Map(failing.map((y) => [y, '']));
  for (let grew = true; grew; ) {
    grew = false;
    years.forEach((y, i) => {
      if (on.has(y)) return;
      const next = [years[i - 1], years[i + 1]].find((n) => n !== undefined && on.has(n) && y.revenue <= n.revenue * COMPONENT_LEVEL);
      if (!next) return;
      on.set(
        y,
        `revenue ${formatMillions(y.revenue)} is within ${COMPONENT_LEVEL}× of ${next.end.slice(0, 4)}'s ${formatMillions(next.revenue)}, on a component`,
      );
      grew = true;
    });
  }
  const what = kind === 'bank' ? 'net interest income + non-interest income' : 'premiums + investment income + fees';
  for (const [y, spread] of on) {
    const why =
      spread ||
      `revenue ${formatMillions(y.revenue)} is below net income ${formatMillions(y.net!)} ÷ ${FINANCIAL_MAX_NET_MARGIN.toFixed(3)} = ${formatMillions(y.net! / FINANCIAL_MAX_NET_MARGIN)}`;
    quarantineCell(ctx, 'annual', y.end, 'revenue', EVENT, `${why}: a component, not the ${kind}'s total (${what}), which no source in the data has`);
    out.segmentYears.set(y.end, y.revenue);
  }
}

/**
 * The revenue invariants (quality-checks.ts) enforced on the normalised figures: a year or quarter whose
 * revenue is below its operating income, gross profit or cost of revenue, or that jumps 5× without a
 * reason listed in quality-exceptions.ts, holds a segment, not the total. It is repaired from the
 * companyfacts where they hold the total (another source's tag; cost of revenue + gross profit), else
 * withheld with the finding as its note; the lines on the same segment go with it, and so do the
 * quarters of those years. Returns the annual ends whose vendor revenue was off the total (their Q4 =
 * FY − Q1..Q3 would mix definitions). `tagged`: a tagged source defines the company's total, so other
 * sources' figures are other definitions and are not used.
 */
export function enforceRevenueInvariants(ctx: PassContext, tagged: boolean, financial: FinancialKind | null = null): string[] {
  const out: Resolution = { segmentYears: new Map() };
  for (const kind of ['annual', 'quarterly'] as const) {
    // After the years' own invariants (which would otherwise see other neighbours across a jump), before the quarters.
    if (kind === 'quarterly' && financial) withholdFinancialComponents(ctx, financial, out);
    if (kind === 'quarterly') withholdSegmentQuarters(ctx, out.segmentYears);
    // Periods already resolved (repaired or withheld), and with them those failing in this round: neither
    // is a neighbour a candidate is held to, nor a year that vouches for the cost + gross profit identity.
    const resolved = new Set<string>();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const found = checkRevenueInvariants(viewOf(ctx, kind)).filter((v) => v.basis === kind && !isExcepted(v));
      const perPeriod = found.filter((v) => v.check !== 'revenue_jump');
      if (perPeriod.length) {
        const ends = [...new Set(perPeriod.map((v) => v.period!))].sort();
        const suspect = new Set([...resolved, ...ends]);
        for (const end of ends)
          resolvePeriod(
            ctx,
            kind,
            end,
            perPeriod.filter((v) => v.period === end),
            tagged,
            out,
            { resolved, suspect },
          );
        continue;
      }
      const jump = found.find((v) => v.check === 'revenue_jump');
      if (!jump) break;
      resolveJump(ctx, jump, tagged, out, resolved);
    }
  }
  return [...out.segmentYears.keys()];
}
