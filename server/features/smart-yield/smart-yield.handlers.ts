import type { HoldingYield } from '../../../core/portfolio/smart-yield.ts';
import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { SmartYieldResponse, smartYieldExampleRoute, smartYieldRoute } from './smart-yield.routes.ts';
import type { SmartYieldOutcome, SmartYieldService } from './smart-yield-service.ts';

/** Fractions to percent with 4 decimals (0.034451 → 3.4451). */
const toPct = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e4);

const toHolding = (h: HoldingYield) => ({
  symbol: h.symbol,
  name: h.name,
  shares: h.shares,
  cost_per_share: h.costPerShare,
  lines: h.lines,
  price: h.price,
  market_value_cents: h.marketValueCents,
  annual_dividend_per_share: h.annualDividendPerShare === null ? null : Math.round(h.annualDividendPerShare * 1e6) / 1e6,
  annual_income_cents: h.annualIncomeCents,
  payments_per_year: h.paymentsPerYear,
  dividend_yield_pct: toPct(h.dividendYield),
  yield_on_cost_pct: toPct(h.yieldOnCost),
  payout_ratio_pct: toPct(h.payoutRatio),
  growth_streak_years: h.growthStreak?.years ?? null,
  growth_streak_at_least: h.growthStreak?.atLeast ?? false,
  growth_streak_data_from: h.growthStreak?.dataFrom ?? null,
  dividend_cagr_5y_pct: toPct(h.dividendCagr5y),
  safety: h.safety && { score: h.safety.score, band: h.safety.band, fiscal_year: h.safety.fiscalYear, components: h.safety.components },
  notes: h.notes,
  counted: h.counted,
});

function toSmartYieldBody(o: SmartYieldOutcome): SmartYieldResponse {
  const { report: r } = o;
  return {
    data_day: o.dataDay,
    history_through: o.historyThrough,
    window: r.window,
    calendar: r.calendar.map((c) => ({
      month: c.month,
      income_cents: c.incomeCents,
      known: c.known,
      by_symbol: c.bySymbol.map((b) => ({ symbol: b.symbol, income_cents: b.incomeCents })),
    })),
    holdings: r.holdings.map(toHolding),
    totals: {
      market_value_cents: r.totals.marketValueCents,
      annual_income_cents: r.totals.annualIncomeCents,
      monthly_average_cents: r.totals.monthlyAverageCents,
      weighted_yield_pct: toPct(r.totals.weightedYield),
      cost_basis_cents: r.totals.costBasisCents,
      yield_on_cost_pct: toPct(r.totals.yieldOnCost),
      counted: r.totals.counted,
      excluded: r.totals.excluded,
    },
    merged: o.merged,
  };
}

export function createSmartYieldHandlers(service: SmartYieldService) {
  const analyse: AppRouteHandler<typeof smartYieldRoute> = async (c) => {
    requireUser(c);
    return c.json(toSmartYieldBody(await service.analyseHoldings(c.req.valid('json'))), 200);
  };
  const getExample: AppRouteHandler<typeof smartYieldExampleRoute> = async (c) => c.json(toSmartYieldBody(await service.analyseExamplePortfolio()), 200);
  return { analyse, getExample };
}
