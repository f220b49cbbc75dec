import { nearestShares, restateForSplits } from '../normalize.ts';
import { SHARE_JUMP_MAX, SHARE_JUMP_MIN } from '../quality-checks.ts';
import type { SplitEvent } from '../split-adjust.ts';
import { addDays, type DerivedSplit, type MarketShares, type PassContext, type Periods, sortedEnds, valueAt } from './types.ts';

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
 * Two counts of shares outstanding on different split bases differ by the ratio to rounding: the cover
 * page's count and a market snapshot's market cap ÷ price agree to 0.1 % where no split came between
 * (BKNG 751,380,500 vs 751,380,463), so 2 % leaves room for a few weeks of buybacks and no room for a deal.
 */
const OUTSTANDING_RATIO_TOLERANCE = Math.log(1.02);
/**
 * A weighted diluted count of the last filed year against today's outstanding count: a split moves it by
 * the ratio give or take a year of buybacks (BKNG: 32.6M × 25 = 816M against 751M outstanding, 8 %). A deal
 * closed after the year moves it too (FITB ×1.35, WAT ×1.65, DVN ×1.74), so only ratios of 2 and more are
 * taken for a split here, within 10 %; a 3-for-2 split after the last filing stays unexplained (flagged)
 * rather than risk reading a merger as one.
 */
const FILED_RATIO_TOLERANCE = Math.log(1.1);
/** Outside this band the latest filed count and the price basis disagree beyond what buybacks or issuance explain. */
const SHARE_BASIS_TOLERANCE = Math.log(1.25);

const fmtShares = (n: number) => Math.round(n).toLocaleString('en-US');

/** The split ratio within `tolerance` (log) of `change`, if any; never 1. */
function splitRatioWithin(change: number, tolerance: number, minAbsLog = 0): number | null {
  let best: number | null = null;
  for (const r of SPLIT_RATIOS) {
    const d = Math.abs(Math.log(change / r));
    if (d < tolerance && Math.abs(Math.log(r)) >= minAbsLog && (best === null || d < Math.abs(Math.log(change / best)))) best = r;
  }
  return best;
}

/** The newest share count the statements hold (annual or quarterly, after earlier restatements). */
function latestFiledShares(ctx: PassContext): { shares: number; end: string } | null {
  let best: { shares: number; end: string } | null = null;
  for (const p of [ctx.annual, ctx.quarterly])
    for (const e of sortedEnds(p)) {
      const v = valueAt(p, e, 'shares_diluted');
      if (v !== null && v > 0 && (best === null || e > best.end)) best = { shares: v, end: e };
    }
  return best;
}

/** Net income / EPS of the newest quarter after `after` that has both: a count on the basis its EPS was filed on. */
function latestQuarterImpliedShares(ctx: PassContext, after: string): { shares: number; end: string } | null {
  for (const e of sortedEnds(ctx.quarterly).reverse()) {
    if (e <= after) return null;
    const s = impliedShares(ctx.quarterly, e);
    if (s !== null && s > 0) return { shares: s, end: e };
  }
  return null;
}

/**
 * The prices are split-adjusted to the day they were taken; the statements end at the last filing. A
 * split in between (BKNG's 25-for-1 after FY2025, DD's 1-for-3) leaves every share count and per-share
 * figure on the old basis: market cap 25× low, P/E 25× low. This reconciles the latest filed count with
 * the price basis, in two steps, each a split only on a ratio close enough to be no deal:
 *  1. the cover page's count (`sharesLatest`) against the market snapshot's count (market cap ÷ price, on
 *     the prices' basis): an exact split ratio means a split after the cover date (CRWD ×4.000, MNST
 *     ×2.000, HON ×0.500); it is dated the day after the cover date;
 *  2. the latest filed count against the cover count on the price basis: a split ratio of 2 or more within
 *     10 % (BKNG 751M / 32.6M = ×23.0 ≈ 25; DD 135M / 419M = ×0.322 ≈ 1/3), not contradicted by the
 *     newest quarter's net income / EPS (DD Q2 2026: 136M, on the new basis); dated like an annual
 *     derived split, the day after the last figure on the old basis.
 * Returns the splits found and the count on the price basis (the reference for restating). A basis that
 * still disagrees by more than 25 % is flagged (`share_basis`) with both counts: a deal after the last
 * filing or a share-class count, not a split.
 */
export function reconcileShareBasis(
  ctx: PassContext,
  latest: { shares: number; asOf: string | null } | null,
  market: MarketShares | null,
): { derived: DerivedSplit[]; basisShares: number | null } {
  const derived: DerivedSplit[] = [];
  const filed = latestFiledShares(ctx);
  // A cover count older than the latest filed count is a stale vendor field (CHTR's is from 2016), not today's count.
  const sharesLatest = latest && (filed === null || (latest.asOf !== null && latest.asOf >= filed.end)) ? latest : null;
  const flagBasis = (period: string, line: string, before: number, after: number, reason: string) =>
    ctx.log.record({
      dataset: 'fundamentals',
      symbol: ctx.symbol,
      outcome: 'flagged',
      kind: 'share_basis',
      period,
      line,
      before,
      after: Math.round(after),
      reason,
    });
  let cover = sharesLatest?.shares ?? null;
  let coverWhat = sharesLatest ? `the cover-page count ${fmtShares(sharesLatest.shares)}${sharesLatest.asOf ? ` (${sharesLatest.asOf})` : ''}` : '';
  if (market && sharesLatest?.asOf) {
    const k = market.shares / sharesLatest.shares;
    const r = splitRatioWithin(k, OUTSTANDING_RATIO_TOLERANCE, Math.log(1.4));
    const snapshotWhat = `${market.source} market cap ÷ price = ${fmtShares(market.shares)} shares (${market.asOf})`;
    if (r !== null) {
      const evidence = `${describeRatio(r)} split after the last filed count: ${snapshotWhat}, ×${k.toFixed(3)} ${coverWhat}`;
      derived.push({ date: addDays(sharesLatest.asOf, 1), ratio: r, source: 'derived', evidence });
      cover = sharesLatest.shares * r;
      coverWhat = `${coverWhat} × ${describeRatio(r)} = ${fmtShares(cover)}`;
    } else if (Math.abs(Math.log(k)) > SHARE_BASIS_TOLERANCE) {
      const why = `${snapshotWhat} against ${coverWhat}: ×${k.toFixed(3)}, not a split ratio: another share-class count or a deal, left as filed`;
      flagBasis(sharesLatest.asOf, 'shares_outstanding', sharesLatest.shares, market.shares, why);
    }
  }
  if (cover === null && market) {
    cover = market.shares;
    coverWhat = `${market.source} market cap ÷ price = ${fmtShares(market.shares)} (${market.asOf})`;
  }
  if (cover === null || filed === null) return { derived, basisShares: cover };
  // A filing after the split already carries the new basis (HON's Q2 2026 10-Q: 318.6M; the snapshot 316.9M).
  if (Math.abs(Math.log(cover / filed.shares)) <= SHARE_BASIS_TOLERANCE) return { derived, basisShares: cover };
  // A split found in step 1 came after the cover date: against the filings the cover count is on their basis.
  const onFiledBasis = sharesLatest && derived.length ? sharesLatest.shares : cover;
  const c = onFiledBasis / filed.shares;
  if (Math.abs(Math.log(c)) <= SHARE_BASIS_TOLERANCE) return { derived, basisShares: cover };
  const r = splitRatioWithin(c, FILED_RATIO_TOLERANCE, Math.log(2) - 1e-9);
  const quarter = latestQuarterImpliedShares(ctx, filed.end);
  const jump = `latest filed count ${fmtShares(filed.shares)} (${filed.end}) against ${coverWhat}: ×${c.toFixed(3)}`;
  const contradicted =
    r !== null &&
    quarter !== null &&
    Math.abs(Math.log(quarter.shares / cover)) > FILED_RATIO_TOLERANCE &&
    Math.abs(Math.log(quarter.shares / filed.shares)) < Math.abs(Math.log(quarter.shares / cover));
  if (r !== null && !contradicted) {
    const q = quarter ? `; net income / EPS of ${quarter.end} = ${fmtShares(quarter.shares)} shares, on the new basis` : '';
    const date = dateDerivedSplit(ctx, r, filed.shares * r) ?? addDays(filed.end, 1);
    derived.push({ date, ratio: r, source: 'derived', evidence: `${describeRatio(r)} split after the last filing: ${jump}${q}` });
    return { derived, basisShares: cover };
  }
  const because = contradicted ? `net income / EPS of ${quarter!.end} (${fmtShares(quarter!.shares)}) stays on the filed basis, so ` : '';
  flagBasis(
    filed.end,
    'shares_diluted',
    filed.shares,
    cover,
    `${jump}: ${because}not a split ratio of 2 or more within 10 %: a deal after the last filing or a share-class count, left as filed`,
  );
  return { derived, basisShares: cover };
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
      // The last filing that still showed the old basis (a value's first filing would date the split too early).
      const cell = m.get('shares_diluted') ?? m.get('eps_diluted');
      const filed = cell?.lastFiled ?? cell?.asOf ?? null;
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
  // A quarter without net income is checked against a quarter of the nearest (already restated) fiscal year's figure.
  const quarterOfYear = (end: string, key: string) => {
    const year = sortedEnds(ctx.annual).find((e) => e >= end && valueAt(ctx.annual, e, key) !== null);
    const v = year === undefined ? null : valueAt(ctx.annual, year, key);
    return v === null ? null : v / 4;
  };
  const n = restateForSplits(ctx.annual, all, () => annualRef) + restateForSplits(ctx.quarterly, all, (end) => nearestShares(ctx.annual, end), quarterOfYear);
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
