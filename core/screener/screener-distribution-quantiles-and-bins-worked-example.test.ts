import { describe, expect, it } from 'vitest';
import { type FieldId, findField, type ScreenerField } from './fields.ts';
import { computeQuantile, describeColumn, HISTOGRAM_BINS } from './distribution.ts';
import type { ScreenerRow } from './screener-types.ts';
import { buildScreenerTable } from './table.ts';

const FIELDS = (['roe', 'market_cap', 'technical_rating'] as FieldId[]).map((id) => findField(id)!) as ScreenerField[];

describe('field distributions for the filter panel', () => {
  it('quantiles interpolate between ranks: values 0..100 step 1 give p25 = 25, p50 = 50; of [1, 2, 3, 4] p50 = 2.5', () => {
    const hundred = Float64Array.from({ length: 101 }, (_, i) => i);
    expect(computeQuantile(hundred, 0.25)).toBe(25);
    expect(computeQuantile(hundred, 0.5)).toBe(50);
    // (4 − 1) × 0.5 = rank 1.5: halfway between 2 and 3.
    expect(computeQuantile([1, 2, 3, 4], 0.5)).toBe(2.5);
  });

  it('ROE 0..100 and two missing: 101 counted, 2 missing, 20 linear bins between p2 = 2 and p98 = 98, every value in one bin', () => {
    const rows: ScreenerRow[] = Array.from({ length: 103 }, (_, i) => ({
      symbol: `S${i}`,
      name: `S${i}`,
      values: i < 101 ? { roe: i } : {},
      sparkline: [],
    }));
    const table = buildScreenerTable(rows, { dataAsOf: '2026-07-02', fields: FIELDS });
    const d = describeColumn(table.columns.get('roe')!);
    if (d.kind !== 'range') throw new Error('range expected');
    expect(d.count).toBe(101);
    expect(d.missing).toBe(2);
    expect([d.min, d.max]).toEqual([0, 100]);
    expect(d.quantiles).toEqual({ p5: 5, p25: 25, p50: 50, p75: 75, p95: 95 });
    expect(d.bins).toHaveLength(HISTOGRAM_BINS);
    // Width (98 − 2) / 20 = 4.8: the first bin is [2, 6.8) and also holds 0 and 1 (below p2).
    expect(d.bins[0]).toEqual({ from: 2, to: 6.8, count: 7 });
    expect(d.bins.reduce((s, b) => s + b.count, 0)).toBe(101);
  });

  it('market cap bins are spaced in log10: 1e9..1e12 spread evenly across decades', () => {
    const caps = Array.from({ length: 301 }, (_, i) => 10 ** (9 + i / 100));
    const rows: ScreenerRow[] = caps.map((c, i) => ({ symbol: `S${i}`, name: `S${i}`, values: { market_cap: c }, sparkline: [] }));
    const d = describeColumn(buildScreenerTable(rows, { dataAsOf: '2026-07-02', fields: FIELDS }).columns.get('market_cap')!);
    if (d.kind !== 'range') throw new Error('range expected');
    const ratios = d.bins.map((b) => b.to / b.from);
    // Equal steps in log space: every bin spans the same factor.
    for (const r of ratios) expect(r).toBeCloseTo(ratios[0]!, 2);
    const middle = d.bins.slice(1, -1).map((b) => b.count);
    expect(Math.max(...middle) - Math.min(...middle)).toBeLessThanOrEqual(1);
  });

  it('choice counts follow the fixed option order, zeros included', () => {
    const labels = ['Buy', 'Buy', 'Sell', null];
    const rows: ScreenerRow[] = labels.map((l, i) => ({ symbol: `S${i}`, name: `S${i}`, values: { technical_rating: l }, sparkline: [] }));
    const d = describeColumn(buildScreenerTable(rows, { dataAsOf: '2026-07-02', fields: FIELDS }).columns.get('technical_rating')!);
    expect(d).toEqual({
      kind: 'choice',
      count: 3,
      missing: 1,
      options: [
        { value: 'Strong Sell', count: 0 },
        { value: 'Sell', count: 1 },
        { value: 'Neutral', count: 0 },
        { value: 'Buy', count: 2 },
        { value: 'Strong Buy', count: 0 },
      ],
    });
  });
});
