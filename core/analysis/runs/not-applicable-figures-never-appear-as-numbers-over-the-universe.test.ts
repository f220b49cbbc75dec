import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { fundamentalSubtypes } from '../analysis-types.ts';
import type { FundamentalSections } from './fundamental.ts';
import { analysisBuilders } from './index.ts';

/** Every bank, insurer, REIT and utility of the snapshot, and every 20th other company. */
describe('over the financials, REITs and utilities of the snapshot (and a sample of the rest)', () => {
  it('a figure the page calls not applicable is never also stated as a number, nor named in the note', async () => {
    const data = openBundledAnalysisData();
    const listings = await data.provider.listings();
    const problems: string[] = [];
    const classes = new Map<string, number>();
    let i = 0;
    for (const symbol of listings.file.symbol) {
      const listing = await data.provider.getListing(symbol);
      const profile = await data.provider.getProfile!(symbol);
      if (!listing || !profile || !listing.coverage.history || !listing.coverage.fundamentals || profile.type === 'etf') continue;
      const special = ['Financials', 'Real Estate', 'Utilities'].includes(profile.sector ?? '');
      if (!special && i++ % 20 !== 0) continue;
      const inputs = await data.load(symbol);
      for (const [kind, subtypes] of [
        ['fundamental', fundamentalSubtypes],
        ['balance-sheet', [null]],
        ['overview', [null]],
      ] as const) {
        for (const subtype of subtypes) {
          const r = analysisBuilders[kind](inputs, subtype);
          if (!r.ok) continue;
          const judgedAs = r.value.facts.find((f) => f.key === 'company_class')?.value ?? 'Other';
          classes.set(String(judgedAs), (classes.get(String(judgedAs)) ?? 0) + 1);
          const missing = (r.value.sections as unknown as Partial<FundamentalSections>).missing ?? [];
          const stated = new Set(r.value.facts.map((f) => f.key));
          const note = [r.value.note.headline, ...r.value.note.strengths, ...r.value.note.risks, r.value.note.verdict];
          for (const m of missing.filter((m) => m.not_applicable)) {
            if (stated.has(m.key)) problems.push(`${symbol} ${kind}/${subtype}: ${m.key} is not applicable and stated`);
            if (note.some((s) => s.fact_keys.includes(m.key))) problems.push(`${symbol} ${kind}/${subtype}: the note cites ${m.key}, not applicable`);
            const byYear = (r.value.sections as unknown as Partial<FundamentalSections>).ratios_by_year ?? [];
            if (byYear.some((y) => m.key in y.values)) problems.push(`${symbol} ${kind}/${subtype}: ${m.key} is not applicable and in the table by year`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The sample covers every class.
    for (const c of ['Bank', 'Insurer', 'REIT', 'Utility', 'Other']) expect(classes.get(c) ?? 0, c).toBeGreaterThan(5);
  }, 120_000);
});
