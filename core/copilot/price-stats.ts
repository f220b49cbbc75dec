import type { Fact } from '../analysis/analysis-types.ts';
import { computePeriodReturn } from '../analysis/indicators/period-return.ts';
import { type EngineResult, fail, ok } from '../analysis/result.ts';
import { FactSheet } from '../analysis/runs/facts.ts';
import type { PriceHistory } from '../market/types.ts';
import type { CopilotPeriod } from './copilot-types.ts';

/** Words for each period, as the answer says them ("over the last 3 months"). */
export const PERIOD_WORDS: Record<CopilotPeriod, string> = {
  '1w': '1 week',
  '1m': '1 month',
  '3m': '3 months',
  '6m': '6 months',
  ytd: 'year to date',
  '1y': '1 year',
  '3y': '3 years',
  '5y': '5 years',
};

/**
 * Price change over a period: the base is the last close on or before the window's first day (the
 * close an investor held from), the end the last bar. High and low are over the bars after the base.
 */
export function computePriceStats(history: PriceHistory, period: CopilotPeriod): EngineResult<Fact[]> {
  const bars = history.bars;
  const last = bars.at(-1);
  if (!last) return fail('missing_input', 'prices', `no prices for ${history.symbol}`);
  // The same window and base as every other price change of the product (core/analysis/indicators/period-return.ts).
  const r = computePeriodReturn({ dates: bars.map((b) => b.date), close: bars.map((b) => b.close) }, period, history.symbol);
  if (!r.ok) return fail(r.error.code, r.error.input, `${r.error.message.replace(/ of the window/, ` of the ${PERIOD_WORDS[period]} window`)}.`);
  const { baseIndex } = r.value;
  const base = bars[baseIndex]!;
  let high = -Infinity;
  let low = Infinity;
  for (let i = baseIndex + 1; i < bars.length; i++) {
    const b = bars[i]!;
    // Month-end bars carry only a close.
    high = Math.max(high, history.interval === '1d' ? b.high : b.close);
    low = Math.min(low, history.interval === '1d' ? b.low : b.close);
  }
  const period_ = `${base.date} to ${last.date}`;
  const at = { period: period_, source: 'computed', as_of: last.date };
  const sheet = new FactSheet();
  const words = PERIOD_WORDS[period];
  sheet.put('start_close', base.close, { period: base.date, source: history.source, as_of: base.date }, { label: `Close on ${base.date}` });
  sheet.put('end_close', last.close, { period: last.date, source: history.source, as_of: last.date }, { label: `Close on ${last.date}` });
  sheet.put('price_change_percent', r.value.change, at, { scale: 100, label: `Price change (${words})` });
  sheet.put('price_change', last.close - base.close, at, { label: `Price change in dollars (${words})` });
  if (Number.isFinite(high)) sheet.put('period_high', high, at, { label: `High (${words})` });
  if (Number.isFinite(low)) sheet.put('period_low', low, at, { label: `Low (${words})` });
  const facts: Fact[] = sheet.facts;
  return ok(facts);
}
