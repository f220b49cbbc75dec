import { describe, expect, it } from 'vitest';
import { makeCompany, makePeriod } from './fixtures/acme-tools.ts';
import { computeTrailingFlow } from './trailing-twelve-months.ts';
import { computePriceEarnings } from './valuation-ratios.ts';

// An Apple-like calendar: FY2025 ends 2025-09-27 with diluted EPS 7.46; Q4 is only in the annual report.
const annual = [makePeriod('2024-09-28', 2024, { eps_diluted: 6.08 }), makePeriod('2025-09-27', 2025, { eps_diluted: 7.46 })];
const q = (end: string, eps: number | null) => makePeriod(end, 0, { eps_diluted: eps });
const quarters = [
  q('2024-12-28', 2.4),
  q('2025-03-29', 1.65),
  q('2025-06-28', 1.57),
  q('2025-09-27', null),
  q('2025-12-27', 2.84),
  q('2026-03-28', 2.01),
  q('2026-06-27', 2.02),
];

describe('trailing twelve months EPS and the P/E built on it', () => {
  it('Q4 missing: FY2025 7.46 + (2.84 + 2.01 + 2.02) − (2.40 + 1.65 + 1.57) = 7.46 + 6.87 − 5.62 = 8.71, to 2026-06-27', () => {
    const r = computeTrailingFlow(makeCompany(annual, quarters), 'eps_diluted');
    expect(r.ok && r.value.basis).toBe('annual_plus_interim');
    expect(r.ok && r.value.end).toBe('2026-06-27');
    expect(r.ok && r.value.value).toBeCloseTo(8.71, 12);
  });

  it('all four latest quarters reported: 1.85 + 2.84 + 2.01 + 2.02 = 8.72 from the quarters themselves', () => {
    const full = quarters.map((p) => (p.end === '2025-09-27' ? q(p.end, 1.85) : p));
    const r = computeTrailingFlow(makeCompany(annual, full), 'eps_diluted');
    expect(r.ok && r.value).toMatchObject({ basis: 'four_quarters', end: '2026-06-27' });
    expect(r.ok && r.value.value).toBeCloseTo(8.72, 12);
  });

  it('no quarters after the fiscal year: the latest annual EPS 7.46, said so', () => {
    const r = computeTrailingFlow(makeCompany(annual, quarters.slice(0, 4)), 'eps_diluted');
    expect(r.ok && r.value).toEqual({ value: 7.46, basis: 'latest_annual', end: '2025-09-27' });
  });

  it('a gap in the quarters (one missing period) stops the interim sum where the gap starts', () => {
    const gap = quarters.filter((p) => p.end !== '2025-12-27');
    const r = computeTrailingFlow(makeCompany(annual, gap), 'eps_diluted');
    expect(r.ok && r.value.basis).toBe('latest_annual');
  });

  it('P/E at $200: 200 / 8.71 = 22.962, with its basis', () => {
    const r = computePriceEarnings(makeCompany(annual, quarters), { priceUsd: 200, marketCapUsd: 3e12 });
    expect(r.ok && r.value).toMatchObject({ basis: 'annual_plus_interim', epsTtm: expect.closeTo(8.71, 12) });
    expect(r.ok && r.value.value).toBeCloseTo(22.962113, 6);
  });

  it('no EPS anywhere: missing_input on eps_diluted', () => {
    expect(computeTrailingFlow(makeCompany([makePeriod('2025-09-27', 2025, {})]), 'eps_diluted')).toMatchObject({
      ok: false,
      error: { code: 'missing_input', input: 'eps_diluted' },
    });
  });
});
