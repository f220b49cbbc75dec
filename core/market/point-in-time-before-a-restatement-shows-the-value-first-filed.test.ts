import { describe, expect, it } from 'vitest';
import { buildFundamentals } from '../test-kit/fundamentals-test-kit.ts';
import { selectFundamentalsAsOf } from './point-in-time.ts';
import { readLineValues } from './quality-checks.ts';

// JNJ FY2021 (ended 2022-01-02) revenue: 93,775M in the 10-K of 2022-02-17 (repeated 2023-02-16), restated to
// 78,740M in the 10-K of 2024-02-16 (Kenvue as discontinued). FY2022 (ended 2023-01-01): 94,943M on 2023-02-16,
// 79,990M from 2024-02-16. Net income kept its first filing.
const f = buildFundamentals('JNJ', {
  ends: ['2022-01-02', '2023-01-01'],
  lines: {
    revenue: [
      { value: 78_740e6, as_of: '2024-02-16', earlier: [{ value: 93_775e6, as_of: '2022-02-17' }] },
      { value: 79_990e6, as_of: '2024-02-16', earlier: [{ value: 94_943e6, as_of: '2023-02-16' }] },
    ],
    net_income: [
      { value: 20_878e6, as_of: '2022-02-17' },
      { value: 17_941e6, as_of: '2023-02-16' },
    ],
  },
});

describe('a point-in-time view shows what was known then: the original value before the restatement was filed', () => {
  it('as of 2022-06-30: FY2021 revenue as first filed, 93,775M (not the restated 78,740M, 16 % lower); FY2022 not filed yet', () => {
    const asOf = selectFundamentalsAsOf(f, '2022-06-30');
    expect(asOf.annual.periods.map((p) => p.end)).toEqual(['2022-01-02']);
    expect(asOf.annual.income.find((l) => l.key === 'revenue')!.values).toEqual([{ value: 93_775e6, source: 'sec', as_of: '2022-02-17' }]);
  });

  it('as of 2023-06-30: both years as first filed (93,775M and 94,943M)', () => {
    expect(readLineValues(selectFundamentalsAsOf(f, '2023-06-30').annual, 'revenue')).toEqual([93_775e6, 94_943e6]);
  });

  it('from the restatement day on: the restated values, each with the one it replaced', () => {
    const asOf = selectFundamentalsAsOf(f, '2024-02-16');
    expect(readLineValues(asOf.annual, 'revenue')).toEqual([78_740e6, 79_990e6]);
    expect(asOf.annual.income.find((l) => l.key === 'revenue')!.values[0]!.earlier).toEqual([{ value: 93_775e6, as_of: '2022-02-17' }]);
  });

  it('before the first filing: nothing known (the earlier vintage is no earlier than its own filing)', () => {
    expect(selectFundamentalsAsOf(f, '2022-02-16').annual.periods).toEqual([]);
  });
});
