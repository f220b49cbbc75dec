import { describe, expect, it } from 'vitest';
import { buildFundamentals } from '../test-kit/fundamentals-test-kit.ts';
import {
  checkCostWithinRevenue,
  checkFundamentals,
  checkGrossProfitWithinRevenue,
  checkOperatingIncomeWithinRevenue,
  checkRevenueInvariants,
  checkRevenueJumps,
} from './quality-checks.ts';
import { findException, QUALITY_EXCEPTIONS } from './quality-exceptions.ts';

const M = 1_000_000;
const periodsOf = (vs: Array<{ period: string | null; basis?: string }>) => vs.map((v) => `${v.basis}@${v.period}`);

describe('operating income ≤ revenue', () => {
  it('CCI 2024: revenue 192M next to operating income 2,118M (11.03×) is a segment row; CCI 2015, 3,664M vs 946M, passes', () => {
    const f = buildFundamentals('CCI', {
      ends: ['2015-12-31', '2024-12-31'],
      lines: { revenue: [3_664 * M, 192 * M], operating_income: [946 * M, 2_118 * M] },
    });
    const found = checkOperatingIncomeWithinRevenue(f);
    expect(periodsOf(found)).toEqual(['annual@2024-12-31']);
    expect(found[0]).toMatchObject({ check: 'operating_income_within_revenue', line: 'revenue' });
    expect(found[0]!.detail).toBe('operating income 2118.0M > revenue 192.0M (11.03×)');
  });

  it('equality passes (all of revenue is operating income), one dollar more fails; a quarter is checked too', () => {
    const f = buildFundamentals(
      'X',
      { ends: ['2024-12-31'], lines: { revenue: [100 * M], operating_income: [100 * M] } },
      { ends: ['2024-12-31'], lines: { revenue: [25 * M], operating_income: [25 * M + 1] } },
    );
    expect(periodsOf(checkOperatingIncomeWithinRevenue(f))).toEqual(['quarterly@2024-12-31']);
  });
});

describe('gross profit ≤ revenue and cost of revenue ≤ revenue', () => {
  it('NI 2016: gross profit 4,492M above revenue 4,392M (gross profit = revenue − cost can never be)', () => {
    const f = buildFundamentals('NI', {
      ends: ['2016-12-31'],
      lines: { revenue: [4_392 * M], gross_profit: [4_492 * M], cost_of_revenue: [1_390 * M] },
    });
    expect(checkGrossProfitWithinRevenue(f).map((v) => v.detail)).toEqual(['gross profit 4492.0M > revenue 4392.0M (1.02×)']);
    expect(checkCostWithinRevenue(f)).toEqual([]);
  });

  it('ADM 2022: cost 93,986M on revenue 27,606M fails; BA 2020 fails too but is a listed gross loss, so checkFundamentals drops it', () => {
    const adm = buildFundamentals('ADM', { ends: ['2022-12-31'], lines: { revenue: [27_606 * M], cost_of_revenue: [93_986 * M] } });
    expect(checkCostWithinRevenue(adm).map((v) => v.detail)).toEqual(['cost of revenue 93986.0M > revenue 27606.0M (3.40×)']);
    expect(checkFundamentals(adm, []).map((v) => v.check)).toEqual(['cost_within_revenue']);

    const ba = buildFundamentals('BA', { ends: ['2020-12-31'], lines: { revenue: [58_158 * M], cost_of_revenue: [63_843 * M] } });
    const found = checkRevenueInvariants(ba);
    expect(found.map((v) => v.check)).toEqual(['cost_within_revenue']);
    expect(findException(found[0]!)).toMatchObject({ kind: 'gross_loss' });
    expect(checkFundamentals(ba, [])).toEqual([]);
  });
});

describe('annual revenue moves less than 5× (or 0.2×) in a year unless a reason is named', () => {
  it('MET 2017 → 2018: 62,308M → 1,256M = 0.02×, flagged on the later year', () => {
    const f = buildFundamentals('MET', {
      ends: ['2016-12-31', '2017-12-31', '2018-12-31', '2019-12-31'],
      lines: { revenue: [60_787 * M, 62_308 * M, 1_256 * M, 1_289 * M] },
    });
    const found = checkRevenueJumps(f);
    expect(found.map((v) => [v.period, v.detail])).toEqual([['2018-12-31', 'revenue 62308.0M (2017-12-31) → 1256.0M = 0.02× in a year']]);
  });

  it('the bounds are flagged themselves: 100 → 500 (5×) and 500 → 100 (0.2×) fail, 100 → 499 passes; a withheld year is skipped, not a reset', () => {
    const f = buildFundamentals('X', {
      ends: ['2019-12-31', '2020-12-31', '2021-12-31', '2022-12-31', '2023-12-31', '2024-12-31'],
      lines: { revenue: [100 * M, 500 * M, 100 * M, 499 * M, null, 2_495 * M] },
    });
    // 2024 vs 2022 (2023 withheld): 2,495 / 499 = 5.0×.
    expect(checkRevenueJumps(f).map((v) => v.period)).toEqual(['2020-12-31', '2021-12-31', '2024-12-31']);
  });

  it('MRNA 2021 (803M → 18,471M = 23×) is a jump with a named reason: the first full year of vaccine sales', () => {
    const f = buildFundamentals('MRNA', { ends: ['2020-12-31', '2021-12-31'], lines: { revenue: [803 * M, 18_471 * M] } });
    const [v] = checkRevenueJumps(f);
    expect(findException(v!)).toMatchObject({ kind: 'launch' });
    expect(checkFundamentals(f, [])).toEqual([]);
  });
});

describe('the exceptions table', () => {
  it('names each exception once, with a reason', () => {
    const keys = QUALITY_EXCEPTIONS.map((x) => `${x.symbol} ${x.check} ${x.basis} ${x.period}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const x of QUALITY_EXCEPTIONS) expect(x.reason.length).toBeGreaterThan(20);
  });
});
