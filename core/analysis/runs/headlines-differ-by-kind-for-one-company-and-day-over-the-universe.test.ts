import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { fundamentalSubtypes } from '../analysis-types.ts';
import { analysisBuilders, checkAvailability } from './index.ts';

describe('over every 10th listing of the snapshot', () => {
  it('no two kinds (or fundamental views) write the same headline for the same company and day', async () => {
    const data = openBundledAnalysisData();
    const listings = await data.provider.listings();
    const duplicates: string[] = [];
    let companies = 0;
    for (const symbol of listings.file.symbol.filter((_, i) => i % 10 === 0)) {
      const listing = await data.provider.getListing(symbol);
      const profile = await data.provider.getProfile!(symbol);
      if (!listing || !profile || !listing.coverage.history) continue;
      const inputs = await data.load(symbol);
      const seen = new Map<string, string>();
      for (const kind of ['overview', 'technical', 'balance-sheet', 'dcf', 'etf', 'fundamental'] as const) {
        if (checkAvailability(kind, { profile, coverage: listing.coverage })) continue;
        for (const subtype of kind === 'fundamental' ? fundamentalSubtypes : [null]) {
          const r = analysisBuilders[kind](inputs, subtype);
          if (!r.ok) continue;
          const name = `${kind}${subtype ? `/${subtype}` : ''}`;
          const earlier = seen.get(r.value.note.headline.text);
          if (earlier) duplicates.push(`${symbol}: ${earlier} and ${name} both say "${r.value.note.headline.text}"`);
          else seen.set(r.value.note.headline.text, name);
        }
      }
      if (seen.size > 3) companies++;
    }
    expect(duplicates).toEqual([]);
    expect(companies).toBeGreaterThan(30);
  }, 120_000);
});
