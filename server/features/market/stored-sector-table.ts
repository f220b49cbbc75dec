import { classifyCompany } from '../../../core/analysis/fundamentals/company-class.ts';
import type { SectorTable } from '../../../core/analysis/fundamentals/sector-grades.ts';
import { buildSectorTableOfCompanies } from '../../../core/analysis/fundamentals/sector-table-of-companies.ts';
import { toCompanyFinancials } from '../../../core/analysis/financials.ts';
import type { PriceHistory } from '../../../core/market/types.ts';
import type { CoveredListing, SnapshotCompany } from '../../adapters/market-data/index.ts';

/**
 * The grade distributions of a data day after the snapshot. Prices enter the grades (valuation ratios, momentum), so
 * the bundled table is right only for the snapshot's day: on each new day the same builder as
 * scripts/build-sector-table.ts runs over the universe as stored (~1 s of CPU over the S&P 500, once a day per
 * process, in the background of the first read that needs it).
 */
export function buildStoredSectorTable(
  universe: readonly SnapshotCompany[],
  covered: readonly CoveredListing[],
  benchmark: PriceHistory | null,
  asOf: string,
): SectorTable {
  const monthly = new Set(covered.filter((l) => l.coverage.history === 'monthly').map((l) => l.symbol));
  const companies = universe
    .filter((c) => c.profile.type !== 'etf')
    .map((c) => ({
      symbol: c.profile.symbol,
      sector: c.profile.sector,
      companyClass: classifyCompany({ sector: c.profile.sector, industry: c.profile.industry, sicDescription: c.profile.sic_description }),
      financials: toCompanyFinancials(c.fundamentals),
      series: c.closes ? { dates: c.closes.dates as string[], close: c.closes.close } : null,
      interval: monthly.has(c.profile.symbol) ? ('monthly' as const) : ('daily' as const),
    }));
  const spy = benchmark ? { dates: benchmark.bars.map((b) => b.date), close: benchmark.bars.map((b) => b.close) } : null;
  const { companies: _count, ...table } = buildSectorTableOfCompanies(companies, spy, asOf);
  return table;
}
