import { TERMINAL_SHARE_WARNING } from '../dcf/assumptions.ts';
import type { DcfGrid, DcfGridCell } from '../dcf/grid.ts';
import { type DcfParameters, type DcfValuation, type DcfWarning, type DcfYear, projectGrowthPath, validateDcfParameters } from '../dcf/two-stage.ts';
import { type EngineResult, fail, ok } from '../result.ts';

/*
 * Free cash flow to the firm built year by year from revenue (issue 30, item 2), for a company investing
 * for growth: growing one year's cash flow would carry today's heavy reinvestment into every later year,
 * though reinvestment falls as growth fades. Each year t on the two-stage growth path g_t:
 *   revenue_t = revenue_{t−1} × (1 + g_t)
 *   NOPAT_t   = revenue_t × operating margin × (1 − tax)
 *   reinvestment_t = (revenue_t − revenue_{t−1}) ÷ sales-to-capital
 *   FCFF_t = NOPAT_t − reinvestment_t
 * and the terminal year reinvests only for terminal growth. Discounting, the terminal value (Gordon) and
 * the bridge to equity are the two-stage model's.
 */

export interface RevenueFcffInputs {
  revenueUsd: number;
  /** Operating income ÷ revenue (the latest year's), fraction. */
  operatingMargin: number;
  taxRate: number;
  salesToCapital: number;
  sharesDiluted: number;
  totalDebtUsd: number;
  cashUsd: number;
  nciUsd: number;
  priceUsd: number | null;
}

export function projectFcffFromRevenue(x: RevenueFcffInputs, parameters: DcfParameters): EngineResult<DcfValuation> {
  const p = validateDcfParameters(parameters);
  if (!p.ok) return p;
  if (!(x.revenueUsd > 0) || !(x.salesToCapital > 0) || !(x.sharesDiluted > 0))
    return fail('invalid_value', 'revenue', 'Revenue, sales-to-capital and shares must be above zero.');
  const margin = x.operatingMargin * (1 - x.taxRate);
  const growth = projectGrowthPath(p.value);
  const fcffOf = (revenue: number, g: number) => revenue * (1 + g) * margin - (revenue * g) / x.salesToCapital;
  const baseFcfUsd = fcffOf(x.revenueUsd, growth[0] ?? p.value.terminalGrowth);
  const years: DcfYear[] = [];
  let revenue = x.revenueUsd;
  let prior = baseFcfUsd;
  let presentValueOfYearsUsd = 0;
  let discountFactor = 1;
  for (let t = 1; t <= growth.length; t++) {
    const g = growth[t - 1]!;
    const fcf = fcffOf(revenue, g);
    revenue *= 1 + g;
    discountFactor = (1 + p.value.discountRate) ** -t;
    presentValueOfYearsUsd += fcf * discountFactor;
    years.push({
      year: t,
      stage: t <= p.value.explicitYears ? 'explicit' : 'fade',
      growth: prior !== 0 ? fcf / prior - 1 : 0,
      fcfUsd: fcf,
      discountFactor,
      presentValueUsd: fcf * discountFactor,
    });
    prior = fcf;
  }
  const nextFcfUsd = fcffOf(revenue, p.value.terminalGrowth);
  const terminalValueUsd = nextFcfUsd / (p.value.discountRate - p.value.terminalGrowth);
  const terminalPvUsd = terminalValueUsd * discountFactor;
  const enterpriseValueUsd = presentValueOfYearsUsd + terminalPvUsd;
  const netDebtUsd = x.totalDebtUsd - x.cashUsd;
  const equityValueUsd = enterpriseValueUsd - netDebtUsd - x.nciUsd;
  const perShareUsd = equityValueUsd / x.sharesDiluted;
  if (!Number.isFinite(perShareUsd)) return fail('invalid_parameter', 'explicit_growth', 'The projection overflows: growth is too large to value.');
  const shareOfEnterpriseValue = terminalPvUsd / enterpriseValueUsd;
  const warnings: DcfWarning[] = [];
  if (shareOfEnterpriseValue > TERMINAL_SHARE_WARNING)
    warnings.push({
      code: 'terminal_value_dominates',
      message: `The terminal value is ${(shareOfEnterpriseValue * 100).toFixed(2)} % of enterprise value (above ${(TERMINAL_SHARE_WARNING * 100).toFixed(2)} %): the result rests mostly on the years after the forecast.`,
    });
  if (equityValueUsd <= 0)
    warnings.push({
      code: 'negative_equity',
      message: 'Net debt and minority interests exceed the enterprise value: the equity is worth nothing on these assumptions.',
    });
  return ok({
    parameters: p.value,
    baseFcfUsd,
    years,
    presentValueOfYearsUsd,
    terminal: {
      growth: p.value.terminalGrowth,
      nextFcfUsd,
      valueUsd: terminalValueUsd,
      discountFactor,
      presentValueUsd: terminalPvUsd,
      shareOfEnterpriseValue,
    },
    enterpriseValueUsd,
    bridge: { totalDebtUsd: x.totalDebtUsd, cashUsd: x.cashUsd, netDebtUsd, nciUsd: x.nciUsd },
    equityValueUsd,
    sharesDiluted: x.sharesDiluted,
    perShareUsd,
    priceUsd: x.priceUsd,
    upside: x.priceUsd === null ? null : perShareUsd / x.priceUsd - 1,
    warnings,
  });
}

/** The sensitivity grid of the revenue-built projection: per-share value for every discount rate × terminal growth. */
export function buildRevenueFcffGrid(
  x: RevenueFcffInputs,
  parameters: Omit<DcfParameters, 'discountRate' | 'terminalGrowth'>,
  axes: { discountRates: readonly number[]; terminalGrowths: readonly number[] },
): DcfGrid {
  const rows = axes.discountRates.map((discountRate) =>
    axes.terminalGrowths.map((terminalGrowth): DcfGridCell => {
      const v = projectFcffFromRevenue(x, { ...parameters, discountRate, terminalGrowth });
      return v.ok
        ? { discountRate, terminalGrowth, perShareUsd: v.value.perShareUsd, reason: null }
        : { discountRate, terminalGrowth, perShareUsd: null, reason: v.error.message };
    }),
  );
  return { discountRates: [...axes.discountRates], terminalGrowths: [...axes.terminalGrowths], rows };
}
