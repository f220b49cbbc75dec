import { describe, expect, it } from 'vitest';
import { capDatasetDate, dateFundamentalsDataset } from './dataset-dates.ts';

describe('the fundamentals dataset is dated by its latest known filing, not by an estimated one', () => {
  // The bundled snapshot: 15 figures (ADP's fiscal year ending 2026-06-30) carry an estimated filing date
  // 2026-08-29 = 2026-06-30 + 60 days; the latest date a source states is 2026-07-23; the SEC extract is of 2026-08-22.
  const figures = [
    { asOf: '2026-07-23', estimated: false },
    { asOf: '2026-08-29', estimated: true },
    { asOf: '2026-05-01', estimated: false },
    { asOf: null, estimated: false },
  ];

  it('latest of 2026-07-23 and 2026-05-01 (known) is 2026-07-23; the estimated 2026-08-29 does not count', () => {
    expect(dateFundamentalsDataset(figures, '2026-08-22')).toBe('2026-07-23');
  });

  it('a known date after the sources were extracted is capped at the extraction date (2026-08-25 → 2026-08-22)', () => {
    expect(dateFundamentalsDataset([{ asOf: '2026-08-25', estimated: false }], '2026-08-22')).toBe('2026-08-22');
  });

  it('no known date at all → null (not the estimate)', () => {
    expect(dateFundamentalsDataset([{ asOf: '2026-08-29', estimated: true }], '2026-08-22')).toBeNull();
  });

  it('a stated date is capped at the latest source date: 2026-08-29 stated, sources up to 2026-08-22 → 2026-08-22; 2026-07-02 stays', () => {
    expect(capDatasetDate('2026-08-29', '2026-08-22')).toBe('2026-08-22');
    expect(capDatasetDate('2026-07-02', '2026-08-22')).toBe('2026-07-02');
  });
});
