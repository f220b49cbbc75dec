import { buildListingProfile } from '../../market/listings.ts';
import type { Coverage, SearchHitAnalysis } from '../../market/types.ts';
import type { AnalysisKind } from '../analysis-types.ts';
import { checkAvailability } from './index.ts';

const COMPANY_KINDS: readonly AnalysisKind[] = ['overview', 'fundamental', 'technical', 'balance-sheet', 'dcf'];
const ETF_KINDS: readonly AnalysisKind[] = ['etf', 'technical'];

/**
 * Analysability of a listing from its coverage, by checkAvailability (core/analysis/runs): what search shows is what
 * a run would answer. Kinds that never apply (ETF analysis of a company, statements of an ETF) are not listed.
 */
export function describeAnalysability(listing: {
  symbol: string;
  name: string;
  type: 'stock' | 'etf';
  coverage: Coverage;
  delisted_on?: string | null;
}): SearchHitAnalysis {
  const kinds = listing.type === 'etf' ? ETF_KINDS : COMPANY_KINDS;
  if (listing.delisted_on) {
    const reason = `${listing.symbol} was delisted on ${listing.delisted_on}`;
    return { analysable: false, delisted_on: listing.delisted_on, unavailable: kinds.map((kind) => ({ kind, needs: 'listing', reason })) };
  }
  // The check reads the symbol and its type; the rest of a profile is not known from a listing.
  const profile = buildListingProfile({ symbol: listing.symbol, name: listing.name, type: listing.type, exchange: null, cik: null, source: 'listing' });
  const unavailable = kinds.flatMap((kind) => {
    const u = checkAvailability(kind, { profile, coverage: listing.coverage });
    return u ? [{ kind, needs: u.input, reason: u.reason }] : [];
  });
  return { analysable: unavailable.length < kinds.length, delisted_on: null, unavailable };
}
