import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { type AnalysisInputs, type Fact, fundamentalSubtypes } from '../analysis/analysis-types.ts';
import { analysisBuilders, checkAvailability } from '../analysis/runs/index.ts';
import { collectCompanyFacts } from '../copilot/company-facts.ts';
import { computeScreenerRow } from '../screener/row-values.ts';
import { computeSymbolSignals } from '../watchlist/symbol-signals.ts';
import { findFactDefinition } from './catalogue.ts';
import { roundForUnit } from './format-fact.ts';
import { computeSymbolFacts } from './symbol-facts.ts';

/*
 * Issue 28: "the same figure shows different values on different pages". For EVERY covered symbol of the
 * snapshot, every key that more than one surface serves is compared to the last bit (Object.is) across:
 * the symbol's catalogue facts (computeSymbolFacts: the symbol page, /compare), the screener row, every
 * analysis kind and fundamental tab that is available for it, the copilot's company facts (its
 * get_ratios / get_scores / get_fundamentals tools) and the watchlist row's signals. Every fact any of them
 * serves is in the catalogue, in the catalogue's unit, under the catalogue's label (unless its label
 * carries context, as "Overlap with QQQ" does). The server's /compare and copilot tools read these same
 * functions (their own tests compare HTTP answers to the analysis pages).
 */

type Surface = { name: string; facts: readonly Pick<Fact, 'key' | 'label' | 'value' | 'unit'>[] };

function collectSurfaces(inputs: AnalysisInputs, coverage: Parameters<typeof checkAvailability>[1]['coverage']): Surface[] {
  const surfaces: Surface[] = [];
  const symbolFacts = computeSymbolFacts(inputs);
  surfaces.push({ name: 'symbol facts', facts: symbolFacts.facts });
  const row = computeScreenerRow(inputs);
  surfaces.push({
    name: 'screener row',
    facts: Object.entries(row.values).map(([key, value]) => ({
      key,
      value: value as number | string,
      label: findFactDefinition(key)!.label,
      unit: findFactDefinition(key)!.unit,
    })),
  });
  for (const kind of ['overview', 'technical', 'balance-sheet', 'dcf', 'etf', 'fundamental'] as const) {
    if (checkAvailability(kind, { profile: inputs.profile, coverage })) continue;
    for (const subtype of kind === 'fundamental' ? fundamentalSubtypes : [null]) {
      const r = analysisBuilders[kind](inputs, subtype);
      if (r.ok) surfaces.push({ name: `${kind}${subtype ? `/${subtype}` : ''}`, facts: r.value.facts });
    }
  }
  if (inputs.profile.type === 'stock') {
    for (const set of ['ratios', 'scores', 'statements'] as const) {
      const r = collectCompanyFacts(inputs, set);
      if (r.ok) surfaces.push({ name: `copilot ${set}`, facts: r.value.map((p) => p.fact) });
    }
  }
  const history = inputs.daily ?? inputs.monthly;
  const signals = history ? computeSymbolSignals(history, inputs.asOf) : null;
  if (signals?.point && history?.interval === '1d') {
    const watch: Surface['facts'][number][] = [];
    const put = (key: string, v: number | null) => {
      const d = findFactDefinition(key)!;
      if (v !== null) watch.push({ key, label: d.label, unit: d.unit, value: roundForUnit(v, d.unit) });
    };
    put('rsi_14', signals.point.rsi14);
    put('sma_50', signals.point.sma50);
    put('sma_200', signals.point.sma200);
    put('technical_rating_score', signals.ratingScore);
    surfaces.push({ name: 'watchlist row', facts: watch });
  }
  return surfaces;
}

describe('one fact, one value, on every surface, for every covered symbol', () => {
  const problems: string[] = [];
  let symbols = 0;
  let compared = 0;
  const servedKeys = new Set<string>();

  beforeAll(async () => {
    const data = openBundledAnalysisData();
    const listings = await data.provider.listings();
    for (const symbol of listings.file.symbol) {
      const listing = await data.provider.getListing(symbol);
      if (!listing?.coverage.history) continue;
      const profile = await data.provider.getProfile!(symbol);
      if (!profile) continue;
      symbols++;
      const inputs = await data.load(symbol);
      const byKey = new Map<string, { surface: string; value: number | string }>();
      for (const s of collectSurfaces(inputs, listing.coverage)) {
        for (const f of s.facts) {
          servedKeys.add(f.key);
          const d = findFactDefinition(f.key);
          if (!d) {
            problems.push(`${symbol} ${s.name}: ${f.key} is not in the catalogue`);
            continue;
          }
          if (f.unit !== d.unit) problems.push(`${symbol} ${s.name}: ${f.key} in ${f.unit}, the catalogue says ${d.unit}`);
          if (!d.contextLabel && f.label !== d.label) problems.push(`${symbol} ${s.name}: ${f.key} labelled "${f.label}", the catalogue says "${d.label}"`);
          // Contributions (`_by_`, `_top_lift`) are per page: the same key is a different driver on each.
          if (d.contextLabel && d.key !== f.key) continue;
          if (d.contextLabel) continue;
          const seen = byKey.get(f.key);
          if (!seen) byKey.set(f.key, { surface: s.name, value: f.value });
          else {
            compared++;
            if (!Object.is(seen.value, f.value)) problems.push(`${symbol} ${f.key}: ${seen.surface} ${seen.value} ≠ ${s.name} ${f.value}`);
          }
        }
      }
    }
  }, 240_000);

  it('every key is served with one value by every surface that serves it', () => {
    expect(problems).toEqual([]);
    // The universe really ran: hundreds of symbols and tens of thousands of cross-surface comparisons.
    expect(symbols).toBeGreaterThan(400);
    expect(compared).toBeGreaterThan(50_000);
  });

  it("the 1-year price change is one key on every page: no surface serves the technical analysis' old price_change_1y", () => {
    expect(servedKeys.has('return_1y')).toBe(true);
    expect(servedKeys.has('price_change_1y')).toBe(false);
  });
});
