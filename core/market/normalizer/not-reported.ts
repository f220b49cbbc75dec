import type { QualityLog } from '../quality.ts';
import type { Periods } from './types.ts';

/**
 * Lines where a 0 is a real reported amount: a company that pays no dividend or buys back no stock
 * reports (or implies) 0. Every other line is a size the company always has when it reports it —
 * revenue, capex, R&D, EPS, share counts, totals — so a vendor's exact 0 there means "not reported".
 */
const GENUINE_ZERO_LINES: ReadonlySet<string> = new Set(['dividends_paid', 'dividends_per_share', 'share_repurchases']);

/** Drops vendor zeros on lines where 0 cannot be a reported amount (they become "—", never 0). */
export function dropUnreportedZeros(symbol: string, source: string, periods: Periods, log: QualityLog): void {
  for (const [end, m] of periods) {
    for (const [line, cell] of m) {
      if (cell.value !== 0 || GENUINE_ZERO_LINES.has(line)) continue;
      m.delete(line);
      log.record({
        dataset: 'fundamentals',
        symbol,
        outcome: 'repaired',
        kind: 'not_reported',
        period: end,
        line,
        before: 0,
        after: null,
        reason: `${source} gave 0 for ${line}, a line that is never 0 when reported: shown as not reported`,
      });
    }
  }
}
