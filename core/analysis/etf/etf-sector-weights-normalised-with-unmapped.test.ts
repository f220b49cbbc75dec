import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBundledProvider } from '../../../server/adapters/market-data/bundled/index.ts';
import { findAppRoot } from '../../../server/lib/app-root.ts';
import { computeSectorWeights, toSectorEntries, UNMAPPED_SECTOR } from './sector-weights.ts';

describe('sector weights, normalised to 1, with "unmapped"', () => {
  it('an issuer table summing to 98 %: 49 / 98 = 0.5, 29.4 / 98 = 0.3, cash 19.6 / 98 = 0.2 as unmapped, last', () => {
    const r = computeSectorWeights([
      { sector: 'Unmapped/Cash/Other', weight_pct: 19.6 },
      { sector: 'Information Technology', weight_pct: 49 },
      { sector: 'Financials', weight_pct: 29.4 },
    ]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((s) => s.sector)).toEqual(['Information Technology', 'Financials', UNMAPPED_SECTOR]);
    for (const [i, w] of [0.5, 0.3, 0.2].entries()) expect(r.value[i]!.weight).toBeCloseTo(w, 14);
  });

  it('from holdings: AAPL and MSFT are Information Technology, JPM Financials, XYZ unknown; 5 % cash not listed', () => {
    const sectors = new Map([
      ['AAPL', 'Information Technology'],
      ['MSFT', 'Information Technology'],
      ['JPM', 'Financials'],
    ]);
    const holdings = [
      { symbol: 'AAPL', name: 'Apple', weight_pct: 40 },
      { symbol: 'MSFT', name: 'Microsoft', weight_pct: 30 },
      { symbol: 'JPM', name: 'JPMorgan', weight_pct: 15 },
      { symbol: 'XYZ', name: 'Unknown', weight_pct: 10 },
    ];
    const entries = toSectorEntries(holdings, sectors);
    // Listed 95 %, so 5 % unlisted joins XYZ's 10 % as unmapped: IT 70 %, unmapped 15 %, Financials 15 %.
    expect(entries.at(-1)).toEqual({ sector: null, weight_pct: 5 });
    const r = computeSectorWeights(entries);
    expect(r.ok && r.value).toEqual([
      { sector: 'Information Technology', weight: 0.7 },
      { sector: 'Financials', weight: 0.15 },
      { sector: UNMAPPED_SECTOR, weight: 0.15 },
    ]);
  });

  it('no entries, a negative weight, or all zero: typed', () => {
    expect(computeSectorWeights(null)).toMatchObject({ ok: false, error: { code: 'missing_input' } });
    expect(computeSectorWeights([{ sector: 'Energy', weight_pct: -1 }])).toMatchObject({ ok: false, error: { code: 'invalid_value', index: 0 } });
    expect(computeSectorWeights([{ sector: 'Energy', weight_pct: 0 }])).toMatchObject({ ok: false, error: { code: 'zero_denominator' } });
  });

  it('QQQ (bundled): the issuer-derived table sums to 1, with 4.736 % unmapped (non-S&P names and cash)', async () => {
    const p = createBundledProvider(join(findAppRoot(), 'data'));
    await p.store.preload();
    const table = (await p.getEtfInfo!('QQQ'))!.sector_weights!;
    const total = table.reduce((s, x) => s + x.weight_pct, 0);
    const r = computeSectorWeights(table);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.reduce((s, x) => s + x.weight, 0)).toBeCloseTo(1, 12);
    expect(r.value.at(-1)).toEqual({ sector: UNMAPPED_SECTOR, weight: 4.736 / total });
    expect(r.value[0]).toEqual({ sector: 'Information Technology', weight: 51.466 / total });
  });
});
