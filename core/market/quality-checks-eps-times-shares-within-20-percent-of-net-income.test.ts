import { describe, expect, it } from 'vitest';
import { buildFundamentals } from '../test-kit/fundamentals-test-kit.ts';
import { checkEpsConsistency } from './quality-checks.ts';

describe('EPS × diluted shares within 20% of net income', () => {
  it('passes Apple FY2025: 7.46 × 15,004.7M = 111,935M vs 112,010M (0.07% off)', () => {
    const f = buildFundamentals('AAPL', {
      ends: ['2025-09-27'],
      lines: { eps_diluted: [7.46], shares_diluted: [15_004_697_000], net_income: [112_010_000_000] },
    });
    expect(checkEpsConsistency(f)).toEqual([]);
  });

  it('flags a share count in thousands (MCD-like): 11.72 × 720,000 = 8.4M vs net income 8,469M', () => {
    const f = buildFundamentals('MCD', { ends: ['2024-12-31'], lines: { eps_diluted: [11.72], shares_diluted: [720_000], net_income: [8_469_000_000] } });
    const v = checkEpsConsistency(f);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ check: 'eps_consistency', symbol: 'MCD', period: '2024-12-31', line: 'eps_diluted', basis: 'annual' });
  });

  it('is inclusive at the 20% edge: 1.20 × 1,000M = 1,200M vs 1,000M is exactly 20% off; 1.21 is 21% off', () => {
    // allowed = 0.2 × 1,000M + 0.005 × 1,000M (half a cent of EPS rounding) = 205M
    const at = (eps: number) =>
      checkEpsConsistency(buildFundamentals('X', { ends: ['2024-12-31'], lines: { eps_diluted: [eps], shares_diluted: [1e9], net_income: [1e9] } }));
    expect(at(1.2)).toEqual([]);
    expect(at(1.204)).toEqual([]); // 204M off < 205M
    expect(at(1.21)).toHaveLength(1); // 210M off > 205M
  });

  it('allows EPS rounding for a company earning almost nothing: 0.00 × 2,000M vs net income 4M', () => {
    // 0.2 × 4M = 0.8M would fail on rounding alone; half a cent × 2,000M shares = 10M more allowance, 4M off passes
    const f = buildFundamentals('Z', { ends: ['2024-12-31'], lines: { eps_diluted: [0], shares_diluted: [2e9], net_income: [4e6] } });
    expect(checkEpsConsistency(f)).toEqual([]);
  });

  it('skips a period where any of the three is not reported, and checks quarterly periods too', () => {
    const f = buildFundamentals(
      'Q',
      { ends: ['2023-12-31', '2024-12-31'], lines: { eps_diluted: [null, 2], shares_diluted: [1e9, null], net_income: [5e9, 2e9] } },
      { ends: ['2024-03-31'], lines: { eps_diluted: [9.95], shares_diluted: [1e8], net_income: [1.2e8] } },
    );
    // quarter: 9.95 × 100M = 995M vs 120M → a split not restated on the EPS side
    expect(checkEpsConsistency(f)).toMatchObject([{ period: '2024-03-31', basis: 'quarterly' }]);
  });
});
