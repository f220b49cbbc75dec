import type { AnalysisInputs, Fact } from '../analysis/analysis-types.ts';
import type { PriceHistory } from '../market/types.ts';
import type { CopilotPeriod } from './copilot-types.ts';
import { computePriceStats } from './price-stats.ts';

/** The SPDR sector fund that stands for each GICS sector: "the stock's sector" in a "why did it move" answer. */
export const SECTOR_FUNDS: Readonly<Record<string, string>> = {
  'Information Technology': 'XLK',
  Financials: 'XLF',
  Energy: 'XLE',
  'Health Care': 'XLV',
  'Consumer Discretionary': 'XLY',
  'Consumer Staples': 'XLP',
  Industrials: 'XLI',
  Materials: 'XLB',
  Utilities: 'XLU',
  'Real Estate': 'XLRE',
  'Communication Services': 'XLC',
};

/** Events the answer lists at most per kind: the latest in the window (a 5-year window holds twenty dividends). */
const MAX_EVENTS = 2;

/**
 * What else the data holds about a move's window (the stock's own window from computePriceStats): the sector fund's
 * change over the same period, and the dividends that went ex and the filings dated inside the window (latest
 * first). Facts only; the cause of a move is not in the data, and nothing here claims one.
 */
export function collectMoveContext(inputs: AnalysisInputs, period: CopilotPeriod, sectorHistory: PriceHistory | null): Fact[] {
  const own = inputs.daily ?? inputs.monthly;
  const stats = own ? computePriceStats(own, period) : null;
  if (!stats?.ok) return [];
  const from = stats.value.find((f) => f.key === 'start_close')!.as_of;
  const to = stats.value.find((f) => f.key === 'end_close')!.as_of;
  const facts: Fact[] = [];
  if (sectorHistory) {
    const sector = computePriceStats(sectorHistory, period);
    if (sector.ok) facts.push(...sector.value.filter((f) => f.key === 'price_change_percent'));
  }
  const inWindow = (d: string | null | undefined): d is string => typeof d === 'string' && d > from && d <= to;
  const dividends = inputs.dividends.filter((d) => inWindow(d.ex_date)).sort((a, b) => b.ex_date.localeCompare(a.ex_date));
  for (const d of dividends.slice(0, MAX_EVENTS)) {
    facts.push({ key: 'dividend_ex_date', label: 'Dividend ex-date', value: d.ex_date, unit: 'label', period: d.ex_date, source: d.source, as_of: d.ex_date });
    facts.push({
      key: 'dividend_amount',
      label: `Dividend per share (ex ${d.ex_date})`,
      value: d.amount,
      unit: 'usd_per_share',
      period: d.ex_date,
      source: d.source,
      as_of: d.ex_date,
    });
  }
  const f = inputs.fundamentals;
  const filed = new Set<string>();
  for (const set of f ? [f.annual, f.quarterly] : [])
    for (const line of [...set.income, ...set.balance, ...set.cash_flow])
      for (const v of line.values) if (inWindow(v.as_of) && !v.as_of_estimated) filed.add(v.as_of);
  for (const d of [...filed].sort().reverse().slice(0, MAX_EVENTS))
    facts.push({ key: 'filing_date', label: 'Filing date (statements filed)', value: d, unit: 'label', period: d, source: 'sec', as_of: d });
  return facts;
}
