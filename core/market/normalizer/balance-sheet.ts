import { BALANCE_TOLERANCE_FRACTION } from '../quality-checks.ts';
import { type NormCell, type PassContext, type PeriodKind, periodsOf, quarantineCell, repairCell } from './types.ts';

/**
 * Equity is the parent's. With an NCI N, assets − liabilities − equity is ≈ 0 when the equity figure
 * includes N and ≈ N when it is the parent's (plus any mezzanine equity in both cases); a gap nearer 0
 * than N means the NCI is inside and is subtracted (`equity_nci`). A vendor that gives both the
 * parent's and the total equity (FMP) also gives the NCI line as their difference when it lacks one.
 */
export function separateNoncontrollingInterest(ctx: PassContext, kind: PeriodKind): void {
  const p = periodsOf(ctx, kind);
  for (const [end, m] of p) {
    if (!m.has('noncontrolling_interest')) {
      for (const s of ctx.sources) {
        const sm = (kind === 'annual' ? s.annual : s.quarterly).get(end);
        const incl = sm?.get('equity_including_nci');
        const parent = sm?.get('total_equity');
        if (incl && parent && incl.value !== parent.value) {
          m.set('noncontrolling_interest', {
            ...incl,
            value: incl.value - parent.value,
            note: `derived as ${s.source}'s total equity − equity attributable to the parent`,
          });
          break;
        }
      }
    }
    m.delete('equity_including_nci');
    const at = (k: string) => m.get(k)?.value ?? null;
    const [a, l, e, n] = [at('total_assets'), at('total_liabilities'), at('total_equity'), at('noncontrolling_interest')];
    if (a === null || l === null || e === null || n === null || !(n > 0)) continue;
    if (Math.abs(a - l - e) >= Math.abs(a - l - e - n)) continue;
    // One source's equity minus another's NCI mixes two definitions (UNH 2025: sec's 100,090M, which holds the NCI
    // and less of the redeemable part, − fmp's NCI 7,588M = 92,502M; fmp's own parent equity is 94,110M): a source
    // that states the parent's equity and its total with the NCI in the same statement is served instead.
    const own = m.get('total_equity')!;
    if (m.get('noncontrolling_interest')!.source !== own.source) {
      const whole = ctx.sources
        .filter((s) => s.source !== own.source)
        .map((s) => (kind === 'annual' ? s.annual : s.quarterly).get(end))
        .find((sm) => sm?.get('total_equity') && sm.get('equity_including_nci'));
      if (whole) {
        const parent = whole.get('total_equity')!;
        const total = whole.get('equity_including_nci')!;
        repairCell(ctx, kind, end, 'total_equity', parent, {
          kind: 'equity_nci',
          before: e,
          reason: `${own.source}'s equity ${e} includes the non-controlling interest, and the NCI is ${m.get('noncontrolling_interest')!.source}'s: ${parent.source}'s own parent equity is served (${total.value} total − ${total.value - parent.value} NCI = ${parent.value}), one source for the period`,
        });
        m.set('noncontrolling_interest', { ...total, value: total.value - parent.value, note: `${parent.source}'s total equity − its parent equity` });
        continue;
      }
    }
    repairCell(
      ctx,
      kind,
      end,
      'total_equity',
      { ...m.get('total_equity')!, value: e - n },
      {
        kind: 'equity_nci',
        before: e,
        reason: `equity included the non-controlling interest (assets − liabilities − equity = ${a - l - e}, nearer 0 than the NCI ${n}); ${e} − ${n} = parent equity`,
      },
    );
  }
}

/** (assets − liabilities − equity [− NCI]) / assets; null when a total is missing. */
const gapOf = (set: Map<string, NormCell> | undefined, withNci: boolean): number | null => {
  const at = (k: string) => set?.get(k)?.value ?? null;
  const [a, l, e] = [at('total_assets'), at('total_liabilities'), at('total_equity')];
  if (a === null || l === null || e === null || a === 0) return null;
  return (a - l - e - (withNci ? (at('noncontrolling_interest') ?? 0) : 0)) / a;
};
/** A set balances whether its equity includes the NCI or not. */
const balances = (set: Map<string, NormCell> | undefined): boolean =>
  [gapOf(set, true), gapOf(set, false)].some((g) => g !== null && Math.abs(g) <= BALANCE_TOLERANCE_FRACTION);
const SET_LINES = ['total_assets', 'total_liabilities', 'total_equity'] as const;
/** Assets further apart than this were restated; closer is the vendors' rounding (LLY 2024: 78,714.9M vs 78,715M). */
const RESTATEMENT_FRACTION = 0.001;

/**
 * One vintage per balance sheet. SEC figures are as last filed (restated), FMP's as first filed; a
 * period whose totals come from both, or whose totals overshoot assets (liabilities + equity + NCI
 * more than 2% above assets, which no mezzanine item can explain), takes its totals from ONE source
 * whose own set balances — restated sources first, since they are the current view of the period. A
 * first-filed set is not taken over restated assets that differ from its own (the period was
 * restated): the restated totals stay and the first-filed ones are quarantined. When no source
 * balances, the liabilities figure that breaks the identity is quarantined.
 */
export function alignBalanceSheetVintage(ctx: PassContext, kind: PeriodKind): void {
  const p = periodsOf(ctx, kind);
  for (const [end, m] of p) {
    // The NCI line only exists in some sources: it is matched to the totals after this pass.
    const sources = new Set(SET_LINES.filter((k) => m.has(k)).map((k) => m.get(k)!.source));
    // Without the NCI: whatever equity means here, liabilities + equity cannot exceed assets.
    const gap = gapOf(m, false);
    const vintages = new Set(ctx.sources.filter((s) => sources.has(s.source)).map((s) => s.vintage));
    const mixed = vintages.size > 1;
    if (!mixed && (gap === null || gap >= -BALANCE_TOLERANCE_FRACTION)) continue;
    const ranked = [...ctx.sources.filter((s) => s.vintage === 'restated'), ...ctx.sources.filter((s) => s.vintage !== 'restated')];
    const coherent = ranked.find((s) => balances((kind === 'annual' ? s.annual : s.quarterly).get(end)));
    const why = mixed
      ? `the totals mixed ${[...sources].join(' and ')} (restated and as-first-filed)`
      : `liabilities + equity exceeded assets by ${(-gap! * 100).toFixed(1)}%`;
    const set = coherent && (kind === 'annual' ? coherent.annual : coherent.quarterly).get(end)!;
    const assets = m.get('total_assets');
    // A first-filed set that balances is no substitute for a restated one: restated assets win (BA 2017: 112,362M restated vs 92,333M as first filed).
    const restatedAssets = assets && ctx.sources.find((s) => s.source === assets.source)?.vintage === 'restated' ? assets : undefined;
    const firstFiledAssets = set?.get('total_assets')?.value;
    const supersededSet =
      mixed &&
      coherent !== undefined &&
      coherent.vintage !== 'restated' &&
      restatedAssets !== undefined &&
      firstFiledAssets !== undefined &&
      Math.abs(firstFiledAssets - restatedAssets.value) > RESTATEMENT_FRACTION * Math.abs(restatedAssets.value);
    if (coherent && set && !supersededSet) {
      for (const k of SET_LINES) {
        const c = set.get(k);
        if (!c || m.get(k)?.value === c.value) continue;
        repairCell(ctx, kind, end, k, c, {
          kind: 'mixed_vintage',
          before: m.get(k)?.value ?? null,
          reason: `${why}: the balance-sheet totals are all taken from ${coherent.source}, whose set balances`,
        });
      }
      continue;
    }
    if (mixed) {
      const primary = assets?.source;
      for (const k of SET_LINES) {
        const c = m.get(k);
        if (c && primary && c.source !== primary)
          quarantineCell(
            ctx,
            kind,
            end,
            k,
            'mixed_vintage',
            supersededSet
              ? `${why}; ${coherent!.source}'s first-filed set balances, but the restated assets (${restatedAssets!.value}) differ from its ${firstFiledAssets}: restated wins, and ${c.source}'s ${k} is not served next to ${primary}'s restated figures`
              : `${why}, and no single source balances: ${c.source}'s ${k} is not served next to ${primary}'s assets`,
          );
      }
    } else if (m.has('total_liabilities')) {
      quarantineCell(
        ctx,
        kind,
        end,
        'total_liabilities',
        'mixed_vintage',
        `${why} and no source balances: the liabilities figure is likely from another filing than the assets`,
      );
    }
  }
}
