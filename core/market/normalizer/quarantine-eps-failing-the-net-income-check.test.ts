import { expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from './test-kit.ts';

it('an EPS that still disagrees with net income / shares after every repair is withheld with the check’s finding', () => {
  const { out, log } = runNormalizer({
    // 2.26 × 1,207M = 2,727.8M vs net income 1,541.8M: off by 77% (> 20%).
    sources: [buildSource('sec', { '2018-12-31': { net_income: 1_541_800_000, eps_diluted: 2.26, shares_diluted: 1_207_000_000, revenue: 6_800_000_000 } })],
  });
  expect(readCell(out.annual, '2018-12-31', 'eps_diluted')).toBeNull();
  expect(out.quarantined.annual.get('2018-12-31')!.get('eps_diluted')).toMatch(/eps consistency.*off by 77%/);
  expect(log.events.find((e) => e.outcome === 'quarantined')).toMatchObject({ line: 'eps_diluted', before: 2.26, after: null });
  // Net income and shares are still served.
  expect(readCell(out.annual, '2018-12-31', 'net_income')).toBe(1_541_800_000);
});
