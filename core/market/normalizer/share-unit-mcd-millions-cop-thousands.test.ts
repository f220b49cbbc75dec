import { describe, expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

describe('share units: EPS × diluted shares ≈ net income puts counts back into shares', () => {
  it('MCD FY2021: "751.8 shares" is millions — 7,545.2M / 10.04 = 751.5M ≈ 751.8 × 1,000,000', () => {
    const { out, log } = runNormalizer({
      sources: [buildSource('sec', { '2021-12-31': { net_income: 7_545_200_000, eps_diluted: 10.04, shares_diluted: 751.8 } })],
    });
    expect(readCell(out.annual, '2021-12-31', 'shares_diluted')).toBe(751_800_000);
    expect(log.events.find((e) => e.kind === 'share_unit')).toMatchObject({ before: 751.8, after: 751_800_000 });
  });

  it('COP FY2015: 1,236,900 is thousands — −4,428M / −3.58 = 1,236.9M ≈ 1,236,900 × 1,000', () => {
    const { out } = runNormalizer({
      sources: [buildSource('sec', { '2015-12-31': { net_income: -4_428_000_000, eps_diluted: -3.58, shares_diluted: 1_236_900 } })],
    });
    expect(readCell(out.annual, '2015-12-31', 'shares_diluted')).toBe(1_236_900_000);
  });

  it('a year without EPS leans on the neighbouring year within two years: 1,240 (thousands) × 1,000 ≈ 1,236.9M', () => {
    const { out } = runNormalizer({
      sources: [
        buildSource('sec', {
          '2015-12-31': { net_income: -4_428_000_000, eps_diluted: -3.58, shares_diluted: 1_236_900_000 },
          '2016-12-31': { shares_diluted: 1_240_000 },
        }),
      ],
    });
    expect(readCell(out.annual, '2016-12-31', 'shares_diluted')).toBe(1_240_000_000);
  });

  it('leaves a count alone when it agrees with net income / EPS: 451.3M × 9.95 = 4,490M ≈ 4,491.9M', () => {
    const { out, log } = runNormalizer({
      sources: [buildSource('sec', { '2022-12-31': { net_income: 4_491_900_000, eps_diluted: 9.95, shares_diluted: 451_290_000 } })],
    });
    expect(readCell(out.annual, '2022-12-31', 'shares_diluted')).toBe(451_290_000);
    expect(log.events.filter((e) => e.kind === 'share_unit')).toEqual([]);
  });
});
