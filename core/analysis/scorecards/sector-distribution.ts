import type { ScoreKind } from './scorecards.ts';

/** Which distribution a score joins: Altman Z and Z″ are on different scales, so each has its own. */
export type DistributionKey = 'piotroski' | 'altman_z' | 'altman_z_double_prime' | 'beneish';

/** One peer's latest-year scores (as of its own filing day): what the sector histograms count. */
export interface PeerScores {
  symbol: string;
  sector: string | null;
  values: Partial<Record<DistributionKey, number>>;
}

/**
 * Inner bin edges per score: bins are (−∞, e0), [e0, e1), …, [eN, ∞). F is an integer 0–9, one bin each;
 * the others are equal-width over the range where most companies fall, with open ends.
 */
const DISTRIBUTION_EDGES: Record<DistributionKey, number[]> = {
  piotroski: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  altman_z: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  altman_z_double_prime: [-2, 0, 2, 4, 6, 8, 10, 12, 14],
  beneish: [-4, -3.5, -3, -2.5, -2, -1.5, -1],
};

interface DistributionBin {
  /** Inclusive lower edge; null for the open first bin. */
  from: number | null;
  /** Exclusive upper edge; null for the open last bin. */
  to: number | null;
  count: number;
}

export interface SectorDistribution {
  key: DistributionKey;
  sector: string;
  /** Companies of the sector with this score (the company included). */
  peers: number;
  bins: DistributionBin[];
  companyValue: number | null;
  /** Index of the company's bin, null when it has no score. */
  companyBin: number | null;
  /** Percent of peers below the company, ties counted half (mid-rank). */
  percentile: number | null;
}

export function findBin(edges: readonly number[], value: number): number {
  let i = 0;
  while (i < edges.length && value >= edges[i]!) i++;
  return i;
}

export const distributionKeyOf = (kind: ScoreKind, model: string | null): DistributionKey =>
  kind === 'altman' ? (model === 'z' ? 'altman_z' : 'altman_z_double_prime') : kind;

/** Counts the sector's scores into the bins and places the company among them. */
export function buildSectorDistribution(key: DistributionKey, sector: string, values: readonly number[], companyValue: number | null): SectorDistribution {
  const edges = DISTRIBUTION_EDGES[key];
  const bins: DistributionBin[] = Array.from({ length: edges.length + 1 }, (_, i) => ({
    from: i === 0 ? null : edges[i - 1]!,
    to: i === edges.length ? null : edges[i]!,
    count: 0,
  }));
  let below = 0;
  let ties = 0;
  for (const v of values) {
    bins[findBin(edges, v)]!.count++;
    if (companyValue !== null) {
      if (v < companyValue) below++;
      else if (v === companyValue) ties++;
    }
  }
  return {
    key,
    sector,
    peers: values.length,
    bins,
    companyValue,
    companyBin: companyValue === null ? null : findBin(edges, companyValue),
    percentile: companyValue === null || values.length === 0 ? null : (100 * (below + ties / 2)) / values.length,
  };
}
