import type { AnalysisInputs } from '../analysis-types.ts';
import { computeGradeMetrics } from '../fundamentals/grade-metrics.ts';
import { computeMomentumReturns } from '../fundamentals/momentum-returns.ts';
import { buildSectorTable, type SectorTable } from '../fundamentals/sector-grades.ts';
import { buildCompanyView } from '../runs/company.ts';
import { toCloses } from '../valuation/beta.ts';
import { measurePeerUnleveredBeta } from '../valuation/peer-beta.ts';

/**
 * The sector distributions grades are ranked against, as they stood on the companies' data days: each
 * company's metrics from what it had filed by then and its close on that day. The bundled table is
 * today's; grading a past month against it would let later filings and prices into the grade.
 */
export function buildSectorTableAsOf(companies: readonly AnalysisInputs[]): SectorTable {
  const rows: Array<{ sector: string | null; metrics: ReturnType<typeof computeGradeMetrics>; unleveredBeta: number | null }> = [];
  for (const inputs of companies) {
    if (inputs.profile.type === 'etf' || !inputs.profile.sector) continue;
    const view = buildCompanyView({ ...inputs, sectorTable: null });
    if (!view.ok) continue;
    const { financials, market, closes, piotroski, companyClass } = view.value;
    if (!market.ok) continue;
    const history = inputs.daily ?? inputs.monthly;
    const unleveredBeta =
      history && inputs.benchmark
        ? measurePeerUnleveredBeta(financials, toCloses(history), toCloses(inputs.benchmark), {
            asOf: inputs.asOf,
            interval: inputs.daily ? 'daily' : 'monthly',
            marketCapUsd: market.value.marketCapUsd,
            financial: companyClass === 'bank' || companyClass === 'insurer',
          })
        : null;
    rows.push({
      sector: inputs.profile.sector,
      metrics: computeGradeMetrics(financials, market.value, computeMomentumReturns(closes), companyClass, piotroski),
      unleveredBeta,
    });
  }
  return buildSectorTable(rows);
}
