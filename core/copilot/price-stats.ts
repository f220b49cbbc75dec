import type { Fact } from '../analysis/analysis-types.ts';
import { type EngineResult, fail, ok } from '../analysis/result.ts';
import { roundForUnit } from '../analysis/runs/facts.ts';
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

/** The first day of the window ending on `end` (YYYY-MM-DD, UTC calendar arithmetic). */
export function findPeriodStart(end: string, period: CopilotPeriod): string {
  const d = new Date(`${end}T00:00:00Z`);
  if (period === 'ytd') return `${d.getUTCFullYear() - 1}-12-31`;
  if (period === '1w') d.setUTCDate(d.getUTCDate() - 7);
  else {
    const months = { '1m': 1, '3m': 3, '6m': 6, '1y': 12, '3y': 36, '5y': 60 }[period];
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - months);
    // 31 March minus one month is the last day of February, not 3 March.
    const lastOfMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, lastOfMonth));
  }
  return d.toISOString().slice(0, 10);
}

/**
 * Price change over a period: the base is the last close on or before the window's first day (the
 * close an investor held from), the end the last bar. High and low are over the bars after the base.
 */
export function computePriceStats(history: PriceHistory, period: CopilotPeriod): EngineResult<Fact[]> {
  const bars = history.bars;
  const last = bars.at(-1);
  if (!last) return fail('missing_input', 'prices', `no prices for ${history.symbol}`);
  const start = findPeriodStart(last.date, period);
  let baseIndex = -1;
  for (let i = bars.length - 1; i >= 0; i--) {
    if (bars[i]!.date <= start) {
      baseIndex = i;
      break;
    }
  }
  if (baseIndex < 0) {
    return fail(
      'series_too_short',
      'prices',
      `${history.symbol}'s prices start on ${bars[0]!.date}, after the start of the ${PERIOD_WORDS[period]} window (${start}).`,
    );
  }
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
  const fact = (key: string, label: string, value: number, unit: Fact['unit'], origin = at): Fact => ({
    key,
    label,
    value: roundForUnit(value, unit),
    unit,
    ...origin,
  });
  const facts: Fact[] = [
    fact('start_close', `Close on ${base.date}`, base.close, 'usd_per_share', { period: base.date, source: history.source, as_of: base.date }),
    fact('end_close', `Close on ${last.date}`, last.close, 'usd_per_share', { period: last.date, source: history.source, as_of: last.date }),
    fact('price_change_percent', `Price change (${PERIOD_WORDS[period]})`, (last.close / base.close - 1) * 100, 'percent'),
    fact('price_change', `Price change in dollars (${PERIOD_WORDS[period]})`, last.close - base.close, 'usd_per_share'),
  ];
  if (Number.isFinite(high)) facts.push(fact('period_high', `High (${PERIOD_WORDS[period]})`, high, 'usd_per_share'));
  if (Number.isFinite(low)) facts.push(fact('period_low', `Low (${PERIOD_WORDS[period]})`, low, 'usd_per_share'));
  return ok(facts);
}
