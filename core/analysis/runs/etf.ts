import type { AnalysisBody, AnalysisInputs, FundamentalSubtype } from '../analysis-types.ts';
import type { ExpenseRatioCost } from '../etf/costs-and-yield.ts';
import { summariseEtf } from '../etf/etf-summary.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { writeNote } from '../writer/index.ts';
import { FactSheet, type MissingFact } from './facts.ts';

/** Holdings and common holdings listed on the page: enough to see the fund, small enough for a phone. */
const LISTED_HOLDINGS = 25;

export interface EtfSections {
  /** The largest holdings, weight in percent of the fund. */
  holdings: Array<{ symbol: string; name: string; weight_pct: number }>;
  holdings_as_of: string | null;
  /** Sector weights in percent, normalised to 100, largest first. */
  sector_weights: Array<{ sector: string; weight_pct: number }>;
  concentration: { holding_count: number; listed_weight_pct: number; top10_weight_pct: number; hhi: number; effective_holdings: number } | null;
  /** What the expense ratio costs on $10,000 over ten years at 5 % a year before fees. */
  costs: (Omit<ExpenseRatioCost, 'expenseRatio'> & { expense_ratio_pct: number }) | null;
  dividend_yield: { yield_pct: number; basis: 'trailing_12m_dividends' | 'reported'; events: number | null } | null;
  /** Overlap with the fund picked for comparison (null when none was given). */
  overlap: {
    compare_symbol: string;
    overlap_pct: number;
    common_count: number;
    common: Array<{ symbol: string; name: string; weight_a_pct: number; weight_b_pct: number }>;
  } | null;
  missing: MissingFact[];
}

const pct = (fraction: number) => Math.round(fraction * 10000) / 100;

/** ETF analysis: holdings, sectors, concentration, costs and yield, and overlap with a second fund when one is picked. */
export function buildEtf(inputs: AnalysisInputs, _subtype: FundamentalSubtype | null = null): EngineResult<AnalysisBody<EtfSections>> {
  const info = inputs.etf;
  if (!info) return fail('missing_input', 'etf', `${inputs.symbol} has no ETF holdings or costs`);
  const priceBar = inputs.daily?.bars.findLast((b) => b.date <= inputs.asOf) ?? null;
  const price = priceBar?.close ?? inputs.quote?.price ?? null;
  const s = summariseEtf({
    info,
    asOf: inputs.asOf,
    priceUsd: price,
    // An empty history here means the snapshot has none for the fund, not that it paid none: use the reported yield.
    dividends: inputs.dividends.length > 0 ? inputs.dividends : null,
    ...(inputs.compareEtf ? { compareWith: inputs.compareEtf } : {}),
  });
  const source = info.sources[0] ?? 'computed';
  const holdingsAt = { period: info.holdings_as_of ?? inputs.asOf, source, as_of: info.holdings_as_of ?? inputs.asOf };
  const overviewAt = { period: info.overview_as_of ?? inputs.asOf, source, as_of: info.overview_as_of ?? inputs.asOf };
  const computedAt = { ...holdingsAt, source: 'computed' };
  const sheet = new FactSheet();

  sheet.put('expense_ratio', info.expense_ratio_pct, overviewAt);
  if (s.expenseCost.ok)
    sheet.put('expense_cost_10y', s.expenseCost.value.costCents / 100, {
      ...overviewAt,
      source: 'computed',
    });
  else sheet.skip('expense_cost_10y', s.expenseCost.error.message);
  sheet.put('aum', info.aum_musd === null ? null : info.aum_musd * 1e6, overviewAt);
  const c = s.concentration;
  sheet.put('top10_weight', c.ok ? ok(c.value.topWeight) : c, computedAt, { scale: 100 });
  if (c.ok) {
    sheet.put('holdings_count', c.value.holdingCount, holdingsAt);
    sheet.put('effective_holdings', c.value.effectiveHoldings, computedAt);
    const largest = c.value.top[0];
    if (largest) {
      sheet.putLabel('largest_holding', largest.symbol, holdingsAt);
      sheet.put('largest_holding_weight', largest.weight, holdingsAt, { scale: 100 });
    }
  }
  if (s.sectors.ok && s.sectors.value.length > 0) {
    const top = [...s.sectors.value].sort((a, b) => b.weight - a.weight)[0]!;
    sheet.putLabel('top_sector', top.sector, computedAt);
    sheet.put('top_sector_weight', top.weight, computedAt, { scale: 100 });
  } else if (!s.sectors.ok) sheet.skip('top_sector', s.sectors.error.message);
  const y = s.yield;
  const yieldAt =
    y.ok && y.value.basis === 'trailing_12m_dividends'
      ? { period: `12 months to ${inputs.asOf}`, source: 'computed', as_of: priceBar?.date ?? inputs.asOf }
      : overviewAt;
  // Two bases, two keys: the dividends paid in the past twelve months (the same figure as a stock's
  // `dividend_yield_ttm`), or, without a dividend history, the yield the issuer reports.
  if (y.ok) sheet.put(y.value.basis === 'trailing_12m_dividends' ? 'dividend_yield_ttm' : 'distribution_yield', y.value.yield, yieldAt, { scale: 100 });
  else sheet.skip('dividend_yield_ttm', y.error.message);
  if (s.overlap && inputs.compareEtf) {
    const o = s.overlap;
    const at = {
      period: `${info.symbol} vs ${inputs.compareEtf.symbol}`,
      source: 'computed',
      as_of:
        [info.holdings_as_of, inputs.compareEtf.holdings_as_of]
          .filter((d) => d !== null)
          .sort()
          .at(-1) ?? inputs.asOf,
    };
    sheet.putLabel('compare_etf', inputs.compareEtf.symbol, at);
    sheet.put('overlap', o.ok ? ok(o.value.overlap) : o, at, { scale: 100, label: `Overlap with ${inputs.compareEtf.symbol}` });
    if (o.ok) sheet.put('common_holdings', o.value.commonCount, at, { label: `Holdings shared with ${inputs.compareEtf.symbol}` });
  }

  const sections: EtfSections = {
    holdings: (info.holdings ?? [])
      .slice()
      .sort((a, b) => b.weight_pct - a.weight_pct)
      .slice(0, LISTED_HOLDINGS)
      .map((h) => ({ symbol: h.symbol, name: h.name, weight_pct: h.weight_pct })),
    holdings_as_of: info.holdings_as_of,
    sector_weights: s.sectors.ok ? [...s.sectors.value].sort((a, b) => b.weight - a.weight).map((w) => ({ sector: w.sector, weight_pct: pct(w.weight) })) : [],
    concentration: c.ok
      ? {
          holding_count: c.value.holdingCount,
          listed_weight_pct: pct(c.value.listedWeight),
          top10_weight_pct: pct(c.value.topWeight),
          hhi: c.value.hhi,
          effective_holdings: c.value.effectiveHoldings,
        }
      : null,
    costs: s.expenseCost.ok ? (({ expenseRatio, ...rest }) => ({ ...rest, expense_ratio_pct: pct(expenseRatio) }))(s.expenseCost.value) : null,
    dividend_yield: y.ok ? { yield_pct: pct(y.value.yield), basis: y.value.basis, events: y.value.events } : null,
    overlap:
      s.overlap?.ok && inputs.compareEtf
        ? {
            compare_symbol: inputs.compareEtf.symbol,
            overlap_pct: pct(s.overlap.value.overlap),
            common_count: s.overlap.value.commonCount,
            common: s.overlap.value.common
              .slice(0, LISTED_HOLDINGS)
              .map((h) => ({ symbol: h.symbol, name: h.name, weight_a_pct: pct(h.weightA), weight_b_pct: pct(h.weightB) })),
          }
        : null,
    missing: sheet.missing,
  };
  const note = writeNote('etf', null, sheet.facts, { symbol: inputs.symbol, name: inputs.profile.name });
  return ok({ kind: 'etf', subtype: null, symbol: inputs.symbol, as_of: inputs.asOf, facts: sheet.facts, note, sections, attribution: [] });
}
