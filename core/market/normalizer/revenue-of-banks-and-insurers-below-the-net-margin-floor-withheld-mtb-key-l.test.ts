import { describe, expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;

// Raw rows: ../shared/data/fundamentals/sec_companyfacts_derived/{MTB,KEY,L}.json, `annual.revenue` and `annual.netIncome`.
describe('banks and insurers: a revenue row below net income ÷ 2/3 is a component, withheld with its level', () => {
  it('MTB: 2022–2025 (1,525M … 1,657M) fail the floor; 2020–2021 (NII + non-interest income, ~5,955M) stay', () => {
    const { out } = runNormalizer({
      symbol: 'MTB',
      financialKind: 'bank',
      sources: [
        buildSource('sec', {
          '2020-12-31': { revenue: 5_955 * M, net_income: 1_353 * M },
          '2021-12-31': { revenue: 5_992 * M, net_income: 1_859 * M },
          '2022-12-31': { revenue: 1_525 * M, net_income: 1_992 * M },
          '2023-12-31': { revenue: 1_484 * M, net_income: 2_741 * M },
          '2024-12-31': { revenue: 1_541 * M, net_income: 2_588 * M },
          '2025-12-31': { revenue: 1_657 * M, net_income: 2_851 * M },
        }),
      ],
    });
    // 2021: 5,992M ≥ 1,859M ÷ 2/3 = 2,789M; and 5,992M > 1.5 × 2022's 1,525M = 2,288M, so not on the component's level
    expect(['2020-12-31', '2021-12-31'].map((e) => readCell(out.annual, e, 'revenue'))).toEqual([5_955 * M, 5_992 * M]);
    expect(['2022-12-31', '2023-12-31', '2024-12-31', '2025-12-31'].map((e) => readCell(out.annual, e, 'revenue'))).toEqual([null, null, null, null]);
    // 1,992M ÷ (2/3) = 2,988M > 1,525M
    expect(out.quarantined.annual.get('2022-12-31')!.get('revenue')).toBe(
      "revenue 1,525M is below net income 1,992M ÷ 0.667 = 2,988M: a component, not the bank's total (net interest income + non-interest income), which no source in the data has",
    );
  });

  it('KEY 2024, a loss year the floor cannot test, is on its neighbours’ component: 1,643M ≤ 1.5 × 2023’s 1,435M = 2,153M', () => {
    const { out } = runNormalizer({
      symbol: 'KEY',
      financialKind: 'bank',
      sources: [
        buildSource('sec', {
          '2017-12-31': { revenue: 6_308 * M, net_income: 1_296 * M },
          '2023-12-31': { revenue: 1_435 * M, net_income: 967 * M }, // 1,435M < 967M ÷ 2/3 = 1,451M
          '2024-12-31': { revenue: 1_643 * M, net_income: -161 * M },
          '2025-12-31': { revenue: 1_749 * M, net_income: 1_829 * M },
        }),
      ],
    });
    expect(readCell(out.annual, '2024-12-31', 'revenue')).toBeNull();
    expect(out.quarantined.annual.get('2024-12-31')!.get('revenue')).toContain("revenue 1,643M is within 1.5× of 2023's 1,435M, on a component");
    // 6,308M > 1.5 × 1,435M: another level (the total, before the vendor switched rows)
    expect(readCell(out.annual, '2017-12-31', 'revenue')).toBe(6_308 * M);
  });

  it('an insurer: L 2021, 2,005M < 1,562M ÷ 2/3 = 2,343M (premiums + investment income + fees are ~14,000M); 2015’s 13,415M stays', () => {
    const { out } = runNormalizer({
      symbol: 'L',
      financialKind: 'insurer',
      sources: [
        buildSource('sec', {
          '2015-12-31': { revenue: 13_415 * M, net_income: 260 * M },
          '2016-12-31': { revenue: 3_558 * M, net_income: 654 * M },
          '2020-12-31': { revenue: 2_820 * M, net_income: -931 * M },
          '2021-12-31': { revenue: 2_005 * M, net_income: 1_562 * M },
        }),
      ],
    });
    expect(out.quarantined.annual.get('2021-12-31')!.get('revenue')).toContain("not the insurer's total (premiums + investment income + fees)");
    // spreads: 2020 2,820M ≤ 1.5 × 2,005M = 3,008M; 2016 3,558M ≤ 1.5 × 2,820M = 4,230M; 2015 13,415M is not
    expect(['2015-12-31', '2016-12-31', '2020-12-31', '2021-12-31'].map((e) => readCell(out.annual, e, 'revenue'))).toEqual([13_415 * M, null, null, null]);
  });

  it('not a bank or insurer: the floor does not apply (a holding company can book a gain above its revenue)', () => {
    const { out } = runNormalizer({ symbol: 'X', sources: [buildSource('sec', { '2024-12-31': { revenue: 1_000 * M, net_income: 2_000 * M } })] });
    expect(readCell(out.annual, '2024-12-31', 'revenue')).toBe(1_000 * M);
  });
});
