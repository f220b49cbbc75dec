import type { ClosesLike } from '../valuation/beta.ts';
import { measurePeerUnleveredBeta } from '../valuation/peer-beta.ts';
import type { CompanyFinancials } from '../financials.ts';
import type { CompanyClass } from './company-class.ts';
import { computeGradeMetrics } from './grade-metrics.ts';
import { computeMomentumReturns } from './momentum-returns.ts';
import { buildSectorTable, type SectorTable } from './sector-grades.ts';
import { findLatestDilutedShares } from './statement-lines.ts';
import type { MarketInputs } from './valuation-ratios.ts';

/** One stock as the sector table reads it: its statements, its class and sector, and its closes. */
export interface SectorTableCompany {
  symbol: string;
  sector: string | null;
  companyClass: CompanyClass;
  financials: CompanyFinancials;
  /** Closes in dollars, ascending dates; null without prices. */
  series: ClosesLike | null;
  interval: 'daily' | 'monthly';
}

export interface GradeInputs {
  market: MarketInputs;
  momentum: ReturnType<typeof computeMomentumReturns>;
}

/** Market inputs of one stock: the latest close as the price, × the latest diluted shares as the market cap. */
export function buildGradeInputs(f: CompanyFinancials, series: ClosesLike | null): GradeInputs | null {
  const price = series?.close.length ? series.close[series.close.length - 1] : undefined;
  const shares = findLatestDilutedShares(f);
  if (!series || price === undefined || !(price > 0) || !shares) return null;
  return { market: { priceUsd: price, marketCapUsd: price * shares.shares }, momentum: computeMomentumReturns(series) };
}

/**
 * Per GICS sector, the sorted distribution of every grade metric over the stocks with a sector and a price, and
 * their unlevered betas against `benchmark` (SPY). Prices enter through the valuation ratios and the momentum
 * returns, so a new market day gives a new table: the bundled file is this over the snapshot, the market service
 * builds it again over the stored days.
 */
export function buildSectorTableOfCompanies(
  companies: readonly SectorTableCompany[],
  benchmark: ClosesLike | null,
  asOf: string,
): SectorTable & { companies: number } {
  const rows = companies.flatMap((c) => {
    const inputs = c.sector ? buildGradeInputs(c.financials, c.series) : null;
    if (!c.sector || !inputs || !c.series) return [];
    const unleveredBeta = benchmark
      ? measurePeerUnleveredBeta(c.financials, c.series, benchmark, {
          asOf,
          interval: c.interval,
          marketCapUsd: inputs.market.marketCapUsd,
          financial: c.companyClass === 'bank' || c.companyClass === 'insurer',
        })
      : null;
    return [{ sector: c.sector, metrics: computeGradeMetrics(c.financials, inputs.market, inputs.momentum, c.companyClass), unleveredBeta }];
  });
  return { companies: rows.length, ...buildSectorTable(rows) };
}
