import { expect, it } from 'vitest';
import { buildSource, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

it('a value without a filing date takes the period’s first real filing from another source, marked estimated', () => {
  const { out } = runNormalizer({
    sources: [
      buildSource('sec', { '2025-09-27': { revenue: 416_161, net_income: 112_010 } }),
      buildSource('fmp', { '2025-09-27': { income_before_tax: 132_729 } }, {}, { vintage: 'as_first_filed', asOf: '2025-10-31' }),
    ],
  });
  expect(out.annual.get('2025-09-27')!.get('revenue')).toMatchObject({ asOf: '2025-10-31', asOfEstimated: true });
  // A value with its own filing date keeps it, unmarked.
  expect(out.annual.get('2025-09-27')!.get('income_before_tax')).toEqual({ value: 132_729, source: 'fmp', asOf: '2025-10-31' });
});

it('with no filing anywhere: period end + the large-accelerated-filer deadline (10-K 60 days, 10-Q 40 days)', () => {
  const { out } = runNormalizer({
    sources: [buildSource('sec', { '2023-12-31': { revenue: 10, net_income: 1 } }, { '2024-03-31': { revenue: 3, net_income: 1 } })],
  });
  // 2023-12-31 + 60 days = 2024-02-29 (leap year); 2024-03-31 + 40 days = 2024-05-10.
  expect(out.annual.get('2023-12-31')!.get('revenue')).toMatchObject({ asOf: '2024-02-29', asOfEstimated: true });
  expect(out.quarterly.get('2024-03-31')!.get('revenue')).toMatchObject({ asOf: '2024-05-10', asOfEstimated: true });
});
