/**
 * The fundamentals normaliser: one entry, `normalizeCompany`, used by `npm run data:prepare` and by the
 * live SEC EDGAR adapter alike. Pure: statements in, statements out, every change logged. The passes
 * and their rules are documented in docs/data-quality.md ("Normaliser rules").
 */
import { deriveFreeCashFlow } from '../normalize.ts';
import type { RefusedFact } from '../sec-facts.ts';
import type { QualityLog } from '../quality.ts';
import { alignBalanceSheetVintage, separateNoncontrollingInterest } from './balance-sheet.ts';
import { assignFilingDates, dateByTaggedVintages } from './filing-dates.ts';
import { dropUnreportedZeros } from './not-reported.ts';
import { storeOutflowsPositive } from './outflow-signs.ts';
import { quarantineFailedChecks } from './quarantine.ts';
import { repairFourthQuartersHoldingTheYear } from './fourth-quarter-holds-the-year.ts';
import { quarantineMixedFourthQuarters, unifyRevenueDefinition } from './revenue-definition.ts';
import { enforceRevenueInvariants } from './revenue-invariants.ts';
import { repairShareUnits } from './share-units.ts';
import { applyTaggedLines } from './tagged-lines.ts';
import { detectMissingSplits, reconcileShareBasis, restateSplits } from './splits.ts';
import {
  type CompanyInput,
  dayNumber,
  type NormalizedCompany,
  type NormCell,
  type PassContext,
  type Periods,
  quarantineCell,
  type SourceStatements,
} from './types.ts';

export { cellOfSecValue } from './types.ts';
export type { CompanyInput, DerivedSplit, MarketShares, NormalizedCompany, NormCell, Periods, SourceStatements } from './types.ts';

const clone = (p: Periods): Periods => new Map([...p].map(([e, m]) => [e, new Map([...m].map(([k, c]) => [k, { ...c }]))]));

/** A 52/53-week year reported by two vendors can end a few days apart: the later source's end snaps to the earlier one's within a week. */
function alignEnds(p: Periods, known: readonly string[]): Periods {
  const out: Periods = new Map();
  for (const [end, m] of p) {
    const near = known.find((e) => Math.abs(dayNumber(e) - dayNumber(end)) <= 7) ?? end;
    out.set(near, m);
  }
  return out;
}

function mergeSources(sources: readonly SourceStatements[]): { annual: Periods; quarterly: Periods } {
  const annual: Periods = new Map();
  const quarterly: Periods = new Map();
  for (const s of sources) {
    for (const [target, src] of [
      [annual, s.annual],
      [quarterly, s.quarterly],
    ] as const) {
      for (const [end, m] of src) {
        const t = target.get(end) ?? new Map<string, NormCell>();
        target.set(end, t);
        for (const [k, c] of m) if (!t.has(k)) t.set(k, { ...c });
      }
    }
  }
  return { annual, quarterly };
}

/**
 * A conflicting duplicate withholds its line for that period even if another tag had a value (that
 * value would be on another definition); a fact in a foreign unit only where nothing valid is left.
 */
function withholdRefusedFacts(ctx: PassContext, refused: readonly RefusedFact[]): void {
  for (const r of refused) {
    for (const kind of r.basis === 'any' ? (['annual', 'quarterly'] as const) : [r.basis]) {
      const m = ctx[kind].get(r.end);
      if (!m || (r.basis === 'any' && m.has(r.line))) continue;
      quarantineCell(ctx, kind, r.end, r.line, 'refused', r.reason);
    }
  }
}

function summarise(symbol: string, log: QualityLog, from: number): string[] {
  const counts = new Map<string, number>();
  for (const e of log.events.slice(from)) {
    if (e.symbol !== symbol || e.outcome === 'flagged') continue;
    const k = `${e.outcome} ${e.kind}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const what: Record<string, string> = {
    split_restated: 'per-share or share-count figures restated for later splits',
    share_unit: 'share counts put back into shares (vendor gave thousands or millions)',
    not_reported: 'vendor zeros shown as not reported',
    outflow_sign: 'outflows stored as positive amounts',
    revenue_definition: 'revenue figures on another definition than the total',
    equity_nci: 'equity figures made parent-only (non-controlling interest taken out)',
    mixed_vintage: 'figures taken from one filing vintage (balance-sheet totals; restated cash flow)',
    quarantined: 'values that fail a quality check',
    revenue_invariant:
      'revenue figures below a part of themselves (operating income, gross profit, cost) or jumping 5× without a named reason: a segment, not the total, with the lines on it',
    refused: 'vendor facts refused (unknown unit, conflicting duplicates, or revenue on another definition)',
  };
  return [...counts].map(([k, n]) => {
    const [outcome, kind] = k.split(' ') as [string, string];
    return `${n} ${what[kind] ?? kind} (${outcome === 'quarantined' ? 'withheld, served as —' : 'repaired'}).`;
  });
}

/**
 * Normalises one company's statements from one or more sources. Per source: vendor zeros dropped,
 * outflows made positive. Merged by source preference, then: lines whose tags change over time from
 * the tagged source, NCI out of equity, one vintage per
 * balance sheet, share-count units, splits (table and derived), one revenue definition, the revenue
 * invariants, checks with quarantine, filing dates, free cash flow.
 */
export function normalizeCompany(input: CompanyInput, log: QualityLog): NormalizedCompany {
  const from = log.events.length;
  const known: string[] = [];
  const sources = input.sources.map((s): SourceStatements => {
    const annual = alignEnds(clone(s.annual), known);
    const quarterly = clone(s.quarterly);
    known.push(...annual.keys());
    for (const p of [annual, quarterly]) {
      dropUnreportedZeros(input.symbol, s.source, p, log);
      storeOutflowsPositive(input.symbol, s.source, p, log);
    }
    return { ...s, annual, quarterly };
  });
  const merged = mergeSources(sources);
  const ctx: PassContext = { symbol: input.symbol, ...merged, sources, quarantined: { annual: new Map(), quarterly: new Map() }, log };
  withholdRefusedFacts(ctx, input.refused ?? []);
  const revenueTagged = applyTaggedLines(ctx, 'annual').includes('revenue');
  applyTaggedLines(ctx, 'quarterly');
  for (const kind of ['annual', 'quarterly'] as const) {
    alignBalanceSheetVintage(ctx, kind);
    separateNoncontrollingInterest(ctx, kind);
  }
  repairShareUnits(ctx, 'annual', input.sharesLatest ?? null);
  repairShareUnits(ctx, 'quarterly', input.sharesLatest ?? null);
  restateSplits(ctx, input.splits, [], input.sharesLatest ?? null);
  const derivedSplits = detectMissingSplits(ctx, input.splits, input.priceAt);
  if (derivedSplits.length) restateSplits(ctx, [], derivedSplits, input.sharesLatest ?? null);
  // After the last filing: a split the prices carry and the statements do not yet (BKNG, DD, CRWD).
  const latest = input.sharesLatest ? { shares: input.sharesLatest, asOf: input.sharesLatestAsOf ?? null } : null;
  const afterFiling = reconcileShareBasis(ctx, latest, input.marketShares ?? null);
  if (afterFiling.derived.length) {
    restateSplits(ctx, [], afterFiling.derived, afterFiling.basisShares);
    for (const s of afterFiling.derived)
      log.record({
        dataset: 'fundamentals',
        symbol: input.symbol,
        outcome: 'repaired',
        kind: 'split_derived',
        period: s.date,
        line: 'shares_diluted',
        before: null,
        after: s.ratio,
        reason: s.evidence,
      });
    derivedSplits.push(...afterFiling.derived);
  }
  repairFourthQuartersHoldingTheYear(ctx);
  const definedBy = revenueTagged ? 'tagged' : input.revenueNetOfInterest ? 'net_of_interest' : 'vendors';
  const offYears = unifyRevenueDefinition(ctx, 'annual', definedBy);
  unifyRevenueDefinition(ctx, 'quarterly', definedBy);
  const segmentYears = enforceRevenueInvariants(ctx, definedBy === 'tagged', input.financialKind ?? null);
  quarantineMixedFourthQuarters(ctx, [...new Set([...offYears, ...segmentYears])].sort());
  quarantineFailedChecks(ctx, [...input.splits, ...derivedSplits]);
  for (const kind of ['annual', 'quarterly'] as const) {
    dateByTaggedVintages(ctx, kind);
    assignFilingDates(ctx, kind);
    deriveFreeCashFlow(ctx[kind], (value, ocf, capex) => ({
      value,
      source: ocf.source,
      asOf: (ocf.asOf ?? '') > (capex.asOf ?? '') ? ocf.asOf : capex.asOf,
      ...(ocf.asOfEstimated || capex.asOfEstimated ? { asOfEstimated: true as const } : {}),
    }));
  }
  let served = 0;
  for (const p of [ctx.annual, ctx.quarterly]) for (const m of p.values()) served += m.size;
  log.countChecked('fundamentals', served);
  const notes = [...derivedSplits.map((s) => `${s.evidence}.`), ...summarise(input.symbol, log, from)];
  return { annual: ctx.annual, quarterly: ctx.quarterly, quarantined: ctx.quarantined, derivedSplits, notes };
}
