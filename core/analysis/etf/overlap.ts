import type { EtfHolding } from '../../market/types.ts';
import { type EngineResult, ok } from '../result.ts';
import { toHoldingWeights } from './holdings.ts';

interface CommonHolding {
  symbol: string;
  name: string;
  /** Fractions of each fund. */
  weightA: number;
  weightB: number;
  /** min(weightA, weightB). */
  overlapWeight: number;
}

export interface EtfOverlap {
  /**
   * Σ over symbols held by both of min(wA, wB), weights as fractions of each fund as listed (not
   * renormalised): the part of A's money that B also holds in at least the same proportion, and vice
   * versa, so it is symmetric. overlap(A, A) = Σ wA.
   */
  overlap: number;
  commonCount: number;
  /** Largest overlap weight first. */
  common: CommonHolding[];
  holdingCountA: number;
  holdingCountB: number;
}

export function computeOverlap(a: readonly EtfHolding[] | null, b: readonly EtfHolding[] | null): EngineResult<EtfOverlap> {
  const ha = toHoldingWeights(a, 'holdings_a');
  if (!ha.ok) return ha;
  const hb = toHoldingWeights(b, 'holdings_b');
  if (!hb.ok) return hb;
  const weightInB = new Map(hb.value.map((h) => [h.symbol, h.weight]));
  const common: CommonHolding[] = [];
  for (const h of ha.value) {
    const weightB = weightInB.get(h.symbol);
    if (weightB !== undefined) common.push({ symbol: h.symbol, name: h.name, weightA: h.weight, weightB, overlapWeight: Math.min(h.weight, weightB) });
  }
  common.sort((x, y) => y.overlapWeight - x.overlapWeight || x.symbol.localeCompare(y.symbol));
  return ok({
    overlap: common.reduce((s, c) => s + c.overlapWeight, 0),
    commonCount: common.length,
    common,
    holdingCountA: ha.value.length,
    holdingCountB: hb.value.length,
  });
}
