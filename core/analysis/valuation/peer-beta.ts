import type { CompanyFinancials } from '../financials.ts';
import { lineOf } from '../fundamentals/statement-lines.ts';
import { type ClosesLike, measureBeta, unleverBeta } from './beta.ts';

/** Used to unlever when a peer's effective tax rate cannot be measured (the US federal rate). */
const PEER_TAX_RATE = 0.21;

/**
 * One company's unlevered beta, as its sector's peers contribute it to the bottom-up beta: its own
 * regression beta (weekly or monthly, Blume-adjusted) unlevered with its book debt over its market cap.
 * Banks and insurers are left levered (`financial`): their debt is what they sell, not financing.
 * Null without enough price history.
 */
export function measurePeerUnleveredBeta(
  financials: CompanyFinancials,
  series: ClosesLike,
  benchmark: ClosesLike,
  o: { asOf: string; interval: 'daily' | 'monthly'; marketCapUsd: number; financial: boolean },
): number | null {
  const beta = measureBeta(series, benchmark, o.asOf, o.interval);
  if (!beta) return null;
  if (o.financial) return beta.adjusted;
  const last = financials.annual.at(-1);
  const debt = lineOf(last, 'total_debt') ?? lineOf(last, 'long_term_debt') ?? 0;
  return unleverBeta(beta.adjusted, o.marketCapUsd > 0 ? debt / o.marketCapUsd : 0, PEER_TAX_RATE);
}
