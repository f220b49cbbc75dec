import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBundledProvider } from '../../../server/adapters/market-data/bundled/index.ts';
import { findAppRoot } from '../../../server/lib/app-root.ts';
import { computeConcentration } from './concentration.ts';

const h = (symbol: string, weight_pct: number) => ({ symbol, name: symbol, weight_pct });

describe('concentration: top-N weight, HHI and effective number of holdings', () => {
  it('50 / 30 / 20 %: HHI 0.5² + 0.3² + 0.2² = 0.38, effective N 1 / 0.38 = 2.63, top 2 = 80 %', () => {
    const r = computeConcentration([h('A', 50), h('B', 30), h('C', 20)], 2);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.hhi).toBeCloseTo(0.38, 14);
    expect(r.value.effectiveHoldings).toBeCloseTo(1 / 0.38, 12);
    expect(r.value.topWeight).toBeCloseTo(0.8, 14);
    expect(r.value.top.map((x) => x.symbol)).toEqual(['A', 'B']);
  });

  it('10 % cash not listed (40 / 30 / 20 %): top-1 is 40 % of the fund, HHI on shares 4/9, 3/9, 2/9 = 29/81', () => {
    const r = computeConcentration([h('C', 20), h('A', 40), h('B', 30)], 1);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.listedWeight).toBeCloseTo(0.9, 14);
    expect(r.value.topWeight).toBeCloseTo(0.4, 14);
    // (16 + 9 + 4) / 81 = 29/81 ≈ 0.358; effective N = 81/29 ≈ 2.79 of 3 holdings.
    expect(r.value.hhi).toBeCloseTo(29 / 81, 14);
    expect(r.value.effectiveHoldings).toBeCloseTo(81 / 29, 12);
  });

  it('equal weights: HHI = 1/n and effective N = n (4 × 25 %)', () => {
    const r = computeConcentration([h('A', 25), h('B', 25), h('C', 25), h('D', 25)]);
    expect(r.ok && r.value.hhi).toBeCloseTo(0.25, 14);
    expect(r.ok && r.value.effectiveHoldings).toBeCloseTo(4, 12);
    // Fewer than 10 holdings: the "top 10" is all of them.
    expect(r.ok && r.value.topWeight).toBeCloseTo(1, 14);
  });

  it('empty or all-zero holdings: missing_input', () => {
    expect(computeConcentration([])).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'holdings' } });
    expect(computeConcentration([h('A', 0)])).toMatchObject({ ok: false, error: { code: 'missing_input' } });
  });

  it('SPY (bundled, 2025-10-31): top 10 and HHI agree with a direct computation from the file', async () => {
    const p = createBundledProvider(join(findAppRoot(), 'data'));
    await p.store.preload();
    const holdings = (await p.getEtfInfo!('SPY'))!.holdings!;
    // Direct: sort the percentages, sum the first ten; HHI = Σ w² / (Σ w)² (scale-free, so percent works).
    const pct = holdings.map((x) => x.weight_pct).sort((a, b) => b - a);
    const top10 = pct.slice(0, 10).reduce((s, x) => s + x, 0) / 100;
    const hhi = pct.reduce((s, x) => s + x * x, 0) / pct.reduce((s, x) => s + x, 0) ** 2;
    const r = computeConcentration(holdings);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.holdingCount).toBe(503);
    expect(r.value.topWeight).toBeCloseTo(top10, 12);
    expect(r.value.hhi).toBeCloseTo(hhi, 12);
    // About 38.9 % in ten names; as concentrated as ~45 equal weights, not 503.
    expect(r.value.topWeight).toBeCloseTo(0.389, 3);
    expect(r.value.effectiveHoldings).toBeCloseTo(45, 0);
  });
});
