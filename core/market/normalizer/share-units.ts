import { dayNumber, type PassContext, type PeriodKind, periodsOf, repairCell, sortedEnds, valueAt } from './types.ts';

/** Unit slips seen in vendor share counts: thousands (COP) and millions (MCD) served as shares. */
const UNIT_FACTORS = [1, 1_000, 1_000_000] as const;
/**
 * A unit factor is chosen by nearest order of magnitude to the reference, so the residual must stay
 * below √1000 ≈ 31.6: wide enough for an unrestated split (up to 20-for-1) between figure and reference,
 * narrow enough that the choice between ×1, ×1,000 and ×1,000,000 is never ambiguous.
 */
const MAX_RESIDUAL = Math.sqrt(1_000);

/** Neighbouring periods are a reference only within two years, and only for a unit slip (no split in between): within 1.5×. */
const NEIGHBOUR_DAYS = 800;
const NEIGHBOUR_RESIDUAL = 1.5;

interface Reference {
  shares: number;
  what: string;
  maxResidual: number;
}

/**
 * Reference share count for a period: net income / EPS of the same period (both as reported), else the
 * nearest period's share count already checked (within two years), else the latest cover-page count.
 */
function referenceShares(ctx: PassContext, kind: PeriodKind, end: string, checked: Map<string, number>, sharesLatest: number | null): Reference | null {
  const p = periodsOf(ctx, kind);
  const ni = valueAt(p, end, 'net_income');
  const eps = valueAt(p, end, 'eps_diluted');
  if (ni !== null && eps !== null && ni !== 0 && Math.abs(eps) >= 0.01 && Math.sign(ni) === Math.sign(eps)) {
    return { shares: ni / eps, what: 'net income / EPS', maxResidual: MAX_RESIDUAL };
  }
  let best: [string, number] | null = null;
  for (const [e, s] of checked) {
    const gap = Math.abs(dayNumber(e) - dayNumber(end));
    if (gap <= NEIGHBOUR_DAYS && (best === null || gap < Math.abs(dayNumber(best[0]) - dayNumber(end)))) best = [e, s];
  }
  if (best) return { shares: best[1], what: `the ${best[0]} share count`, maxResidual: NEIGHBOUR_RESIDUAL };
  return sharesLatest ? { shares: sharesLatest, what: 'the latest reported share count', maxResidual: NEIGHBOUR_RESIDUAL } : null;
}

/** Puts diluted share counts served in thousands or millions back into shares, reconciling with EPS × shares ≈ net income. */
export function repairShareUnits(ctx: PassContext, kind: PeriodKind, sharesLatest: number | null): void {
  const p = periodsOf(ctx, kind);
  const checked = new Map<string, number>();
  // Periods with their own NI/EPS reference first, so periods without one lean on repaired neighbours.
  const ends = sortedEnds(p).filter((e) => p.get(e)!.has('shares_diluted'));
  const hasOwnRef = (e: string) => valueAt(p, e, 'net_income') !== null && valueAt(p, e, 'eps_diluted') !== null;
  for (const end of [...ends.filter(hasOwnRef), ...ends.filter((e) => !hasOwnRef(e))]) {
    const cell = p.get(end)!.get('shares_diluted')!;
    const ref = referenceShares(ctx, kind, end, checked, sharesLatest);
    let factor = 1;
    if (ref !== null && ref.shares > 0 && cell.value > 0) {
      const distance = (f: number) => Math.abs(Math.log((cell.value * f) / ref.shares));
      factor = UNIT_FACTORS.reduce((a, b) => (distance(b) < distance(a) ? b : a));
      if (distance(factor) > Math.log(ref.maxResidual)) factor = 1;
    }
    if (factor !== 1) {
      const after = Math.round(cell.value * factor);
      const unit = factor === 1_000 ? 'thousands' : 'millions';
      repairCell(
        ctx,
        kind,
        end,
        'shares_diluted',
        { ...cell, value: after },
        {
          kind: 'share_unit',
          before: cell.value,
          reason: `diluted shares were in ${unit} (${cell.value} × ${factor.toLocaleString('en-US')} ≈ ${ref!.what} = ${Math.round(ref!.shares).toLocaleString('en-US')})`,
        },
      );
    }
    checked.set(end, p.get(end)!.get('shares_diluted')!.value);
  }
}
