import type { EtfHolding } from '../../market/types.ts';
import { type EngineResult, ok } from '../result.ts';
import { type HoldingWeight, toHoldingWeights } from './holdings.ts';

/** Weights are fractions of the fund. */
export interface Concentration {
  holdingCount: number;
  /** Σ listed weights: below 1 when cash or unlisted lines are left out of the file. */
  listedWeight: number;
  topN: number;
  top: HoldingWeight[];
  /** Σ of the N largest weights, as a fraction of the whole fund (not renormalised). */
  topWeight: number;
  /**
   * Herfindahl–Hirschman index Σ sᵢ² on shares sᵢ = wᵢ / Σ w, renormalised over the listed holdings so
   * it lies in [1/n, 1] (on the 0–10,000 antitrust scale, multiply by 10,000).
   */
  hhi: number;
  /** 1 / HHI: how many equal-weighted holdings would be as concentrated; between 1 and n. */
  effectiveHoldings: number;
}

export function computeConcentration(holdings: readonly EtfHolding[] | null, topN = 10): EngineResult<Concentration> {
  const h = toHoldingWeights(holdings);
  if (!h.ok) return h;
  const lines = h.value;
  let listedWeight = 0;
  let sumSquares = 0;
  for (const { weight } of lines) {
    listedWeight += weight;
    sumSquares += weight * weight;
  }
  const top = lines.slice(0, topN);
  const hhi = sumSquares / (listedWeight * listedWeight);
  return ok({
    holdingCount: lines.length,
    listedWeight,
    topN,
    top,
    topWeight: top.reduce((s, x) => s + x.weight, 0),
    hhi,
    effectiveHoldings: 1 / hhi,
  });
}
