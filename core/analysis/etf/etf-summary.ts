import type { Dividend, EtfInfo } from '../../market/types.ts';
import type { EngineResult } from '../result.ts';
import { type Concentration, computeConcentration } from './concentration.ts';
import { computeEtfYield, computeExpenseRatioCost, type EtfYield, type ExpenseRatioCost } from './costs-and-yield.ts';
import { computeOverlap, type EtfOverlap } from './overlap.ts';
import { computeSectorWeights, type SectorWeight, toSectorEntries } from './sector-weights.ts';
import { type CloseSeries, computeTrackingDifference, type TrackingDifference } from './tracking-difference.ts';

interface EtfSummaryInputs {
  info: EtfInfo;
  /** ISO date the yield window ends on. */
  asOf: string;
  priceUsd: number | null;
  dividends: readonly Dividend[] | null;
  /** Canonical symbol → sector, to build sector weights from holdings when the fund has no sector table. */
  sectorBySymbol?: ReadonlyMap<string, string>;
  compareWith?: EtfInfo;
  /** The fund's closes and its benchmark's, on the same adjustment basis. */
  tracking?: { fund: CloseSeries; benchmark: CloseSeries };
}

/** Each figure on its own: a fund without holdings still has its expense cost and yield. */
interface EtfSummary {
  symbol: string;
  concentration: EngineResult<Concentration>;
  sectors: EngineResult<SectorWeight[]>;
  /** Null when no second fund was given. */
  overlap: EngineResult<EtfOverlap> | null;
  /** Null when no price series were given. */
  tracking: EngineResult<TrackingDifference> | null;
  yield: EngineResult<EtfYield>;
  expenseCost: EngineResult<ExpenseRatioCost>;
}

export function summariseEtf(i: EtfSummaryInputs): EtfSummary {
  const fromHoldings = !i.info.sector_weights && i.info.holdings && i.sectorBySymbol ? toSectorEntries(i.info.holdings, i.sectorBySymbol) : null;
  return {
    symbol: i.info.symbol,
    concentration: computeConcentration(i.info.holdings),
    sectors: computeSectorWeights(i.info.sector_weights ?? fromHoldings),
    overlap: i.compareWith ? computeOverlap(i.info.holdings, i.compareWith.holdings) : null,
    tracking: i.tracking ? computeTrackingDifference(i.tracking.fund, i.tracking.benchmark) : null,
    yield: computeEtfYield({ reportedYieldPct: i.info.dividend_yield_pct, dividends: i.dividends, priceUsd: i.priceUsd, asOf: i.asOf }),
    expenseCost: computeExpenseRatioCost(i.info.expense_ratio_pct),
  };
}
