import { expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

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

it('a balance sheet off by more than 2% with no repair is served as reported, flagged in a note on total assets', () => {
  const { out, log } = runNormalizer({
    // 10,763 − (4,000 + 591) = 6,172: 57.3% of assets unexplained; every source agrees, so nothing to repair.
    sources: [buildSource('sec', { '2023-10-31': { total_assets: 10_763, total_liabilities: 4_000, total_equity: 591 } })],
  });
  expect(readCell(out.annual, '2023-10-31', 'total_liabilities')).toBe(4_000);
  expect(out.annual.get('2023-10-31')!.get('total_assets')!.note).toMatch(
    /^flagged, served as reported: assets 10763 − \(liabilities \+ equity \+ NCI 4591\) = 6172 \(57.3% of assets\)/,
  );
  expect(log.events.find((e) => e.outcome === 'flagged')).toMatchObject({ kind: 'balance_identity', period: '2023-10-31' });
});
