import { nearestShares, restateForSplits } from '../normalize.ts';
import { SHARE_JUMP_MAX, SHARE_JUMP_MIN } from '../quality-checks.ts';
import type { SplitEvent } from '../split-adjust.ts';
import { addDays, type DerivedSplit, type PassContext, type Periods, sortedEnds, valueAt } from './types.ts';

/** The jump must be within 15% of a split ratio (a year of buybacks or issuance moves the count a few %). */
const RATIO_TOLERANCE = Math.log(1.15);
/**
 * A deal that issues or retires that many shares changes the company's size; a split does not. Total
 * assets and revenue (each that is reported on both sides, at least one) must stay within 1.6× across the
 * jump (a fast grower like TTD adds 55% of assets in a year; KDP's merger tripled them).
 */
const SIZE_CHANGE_MAX = 1.6;
/**
 * Price evidence. The bundled prices are split-ADJUSTED, so a split leaves no step in them; what does
 * step is the P/E computed from unrestated EPS: before the split EPS is r times too high, so
 * P/E(after) / P/E(before) ≈ r × (the true change of P/E). A merger leaves it ≈ the true change alone.
 * A year's P/E moves by itself (ANET 2018→2019: 52 → 19 after a one-off charge), so the prices veto a
 * split only when the split hypothesis fits clearly worse — by more than a factor of 2 — than none.
 */
const PE_VETO = Math.log(2);

/** Ratios companies actually split by (a year of buybacks moves a 15-for-1 jump to ×14.3: it must not read as 14). */
const SPLIT_RATIOS: readonly number[] = [1.5, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50].flatMap((r) => [r, 1 / r]);

const describeRatio = (r: number) => (r >= 1 ? `${+r.toFixed(2)}-for-1` : `1-for-${Math.round(1 / r)}`);

/** The split ratio nearest to a share-basis change, if any is close enough. */
export function nearestSplitRatio(change: number): number | null {
  let best: number | null = null;
  for (const r of SPLIT_RATIOS)
    if (Math.abs(Math.log(change / r)) < RATIO_TOLERANCE && (best === null || Math.abs(Math.log(change / r)) < Math.abs(Math.log(change / best)))) best = r;
  return best;
}

/** Net income / EPS: the share count the EPS was computed on (null when either is missing, zero or tiny). */
function impliedShares(p: Periods, end: string): number | null {
  const ni = valueAt(p, end, 'net_income');
  const eps = valueAt(p, end, 'eps_diluted');
  // EPS is rounded to the cent: below 10 cents the rounding alone moves the implied count by over 5%.
  if (ni === null || eps === null || ni === 0 || Math.abs(eps) < 0.1 || Math.sign(ni) !== Math.sign(eps)) return null;
  return ni / eps;
}

/**
 * Finds splits the table lacks in the annual figures: consecutive fiscal years whose share basis
 * (diluted shares, else net income / EPS) jumps by a split ratio while the company's size (total
 * assets, else revenue) stays within 1.5×, and where the P/E from unrestated EPS on split-adjusted
 * prices (both years profitable and priced) does not contradict the split. Without price evidence
 * nothing is derived (flagged instead): an IPO or a share-class change also moves the share basis.
 * The split is dated the day after the last period (or its filing) whose share count is still on the old
 * basis (see dateDerivedSplit).
 */
export function detectMissingSplits(ctx: PassContext, tableSplits: readonly SplitEvent[], priceAt?: (date: string) => number | null): DerivedSplit[] {
  const p = ctx.annual;
  const basis = (e: string) => valueAt(p, e, 'shares_diluted') ?? impliedShares(p, e);
  const ends = sortedEnds(p).filter((e) => basis(e) !== null);
  const found: DerivedSplit[] = [];
  for (let i = 1; i < ends.length; i++) {
    const [a, b] = [ends[i - 1]!, ends[i]!];
    const [sa, sb] = [basis(a)!, basis(b)!];
    const change = sb / sa;
    // Within the universe-wide check's band a change is buybacks or issuance; outside it, a split or a deal.
    if (change <= SHARE_JUMP_MAX && change >= SHARE_JUMP_MIN) continue;
    const flag = (why: string) =>
      ctx.log.record({
        dataset: 'fundamentals',
        symbol: ctx.symbol,
        outcome: 'flagged',
        kind: 'share_jump',
        period: b,
        line: 'shares_diluted',
        before: sa,
        after: sb,
        reason: why,
      });
    const r = nearestSplitRatio(change);
    const jump = `share basis ${Math.round(sa).toLocaleString('en-US')} (${a}) → ${Math.round(sb).toLocaleString('en-US')} (${b}), ×${change.toFixed(2)}`;
    if (r === null) {
      flag(`${jump}: not a split ratio (a merger or a restructuring), left as reported`);
      continue;
    }
    if (tableSplits.some((s) => Math.abs(Math.log(s.ratio / r)) < RATIO_TOLERANCE && s.date > a)) {
      flag(`${jump}: the split records hold a ${describeRatio(r)} split after ${a}; not derived twice`);
      continue;
    }
    const sizes = ['total_assets', 'revenue']
      .filter((k) => (valueAt(p, a, k) ?? 0) > 0 && (valueAt(p, b, k) ?? 0) > 0)
      .map((k) => ({ line: k, change: valueAt(p, b, k)! / valueAt(p, a, k)! }))
      .sort((x, y) => Math.abs(Math.log(y.change)) - Math.abs(Math.log(x.change)));
    const sizeLine = sizes[0]?.line;
    const sizeChange = sizes[0]?.change ?? null;
    if (sizeChange === null || Math.abs(Math.log(sizeChange)) > Math.log(SIZE_CHANGE_MAX)) {
      flag(
        `${jump}: ${sizeChange !== null ? `${sizeLine} changed ×${sizeChange.toFixed(2)} too` : 'no size figure on both sides'}, so it may be a deal, not a split`,
      );
      continue;
    }
    const [ia, ib] = [impliedShares(p, a), impliedShares(p, b)];
    if (ia !== null && ib !== null && Math.abs(Math.log(ib / ia / r)) > RATIO_TOLERANCE) {
      flag(`${jump}: net income / EPS moves ×${(ib / ia).toFixed(2)}, not by the split ratio: a share-class or unit change, not a split`);
      continue;
    }
    const [pa, pb] = [priceAt?.(a) ?? null, priceAt?.(b) ?? null];
    const [ea, eb] = [valueAt(p, a, 'eps_diluted'), valueAt(p, b, 'eps_diluted')];
    if (pa === null || pb === null || ea === null || eb === null || !(ea > 0) || !(eb > 0)) {
      flag(`${jump}: no price evidence (a loss year or no prices at both year ends), so not restated as a split`);
      continue;
    }
    const peStep = pb / eb / (pa / ea);
    const priceEvidence = `P/E on split-adjusted prices ${(pa / ea).toFixed(1)} → ${(pb / eb).toFixed(1)} (×${peStep.toFixed(2)})`;
    if (Math.abs(Math.log(peStep / r)) > Math.abs(Math.log(peStep)) + PE_VETO) {
      flag(`${jump}: ${priceEvidence} fits no split better than a ${describeRatio(r)} split, so the prices contradict it`);
      continue;
    }
    found.push({
      date: dateDerivedSplit(ctx, r, sb) ?? b,
      ratio: r,
      source: 'derived',
      evidence: `${describeRatio(r)} split missing from the split records: ${jump} with ${sizeLine} ×${sizeChange.toFixed(2)}; ${priceEvidence}`,
    });
  }
  return found;
}

/**
 * SEC figures are as last filed, so the old share basis can outlive the year where the annual series
 * jumps (NFLX's FY2023 was re-filed after its 2025 split, its 2024 and 2025 10-Q quarters were not).
 * A count is on the old basis when it sits nearer `newBasis / r` than `newBasis` (below newBasis / √r
 * for a split); the split came after that period's end and after the filing that still showed it on
 * the old basis (a filing after a split restates its comparatives), so it is dated the day after the
 * later of the two, over every such period, annual or quarterly (ISRG: its Q2 2020 count filed
 * 2021-07-21 in the Q2 2021 10-Q is still pre-split; the 3-for-1 split was 2021-10-05). The true date
 * is somewhere after that (adjusted prices hide it); every figure dated before is checked for the
 * missing factor, which is what restatement needs.
 */
function dateDerivedSplit(ctx: PassContext, r: number, newBasis: number): string | null {
  let last: string | null = null;
  for (const p of [ctx.annual, ctx.quarterly]) {
    for (const [end, m] of p) {
      const s = valueAt(p, end, 'shares_diluted') ?? impliedShares(p, end);
      if (s === null || !(s > 0) || Math.abs(Math.log((s * r) / newBasis)) >= Math.abs(Math.log(s / newBasis))) continue;
      const filed = (m.get('shares_diluted') ?? m.get('eps_diluted'))?.asOf ?? null;
      const known = filed !== null && filed > end ? filed : end;
      if (last === null || known > last) last = known;
    }
  }
  return last === null ? null : addDays(last, 1);
}

/** Restates per-share values and share counts for the table's splits and any derived ones, logging each change. */
export function restateSplits(ctx: PassContext, tableSplits: readonly SplitEvent[], derived: readonly DerivedSplit[], sharesLatest: number | null): number {
  const all = [...tableSplits, ...derived].sort((x, y) => (x.date < y.date ? -1 : 1));
  const latestAnnualShares = sortedEnds(ctx.annual)
    .map((e) => valueAt(ctx.annual, e, 'shares_diluted'))
    .filter((v) => v !== null)
    .at(-1);
  const annualRef = sharesLatest ?? latestAnnualShares ?? null;
  const before = snapshotPerShare(ctx.annual, ctx.quarterly);
  const n = restateForSplits(ctx.annual, all, () => annualRef) + restateForSplits(ctx.quarterly, all, (end) => nearestShares(ctx.annual, end));
  for (const [kind, p] of [
    ['annual', ctx.annual],
    ['quarterly', ctx.quarterly],
  ] as const) {
    for (const [end, m] of p) {
      for (const [line, cell] of m) {
        const was = before.get(`${kind}|${end}|${line}`);
        if (was === undefined || was === cell.value) continue;
        const reason = `restated for a split after the period (${was} as reported)`;
        m.set(line, { ...cell, note: reason });
        ctx.log.record({
          dataset: 'fundamentals',
          symbol: ctx.symbol,
          outcome: 'repaired',
          kind: 'split_restated',
          period: end,
          line,
          before: was,
          after: cell.value,
          reason,
        });
      }
    }
  }
  return n;
}

function snapshotPerShare(annual: Periods, quarterly: Periods): Map<string, number> {
  const out = new Map<string, number>();
  for (const [kind, p] of [
    ['annual', annual],
    ['quarterly', quarterly],
  ] as const) {
    for (const [end, m] of p) {
      for (const line of ['eps_diluted', 'dividends_per_share', 'shares_diluted']) {
        const c = m.get(line);
        if (c) out.set(`${kind}|${end}|${line}`, c.value);
      }
    }
  }
  return out;
}
