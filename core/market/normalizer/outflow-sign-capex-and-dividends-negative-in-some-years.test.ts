import { expect, it } from 'vitest';
import { runNormalizer, buildSource, readCell } from '../../test-kit/normalizer-test-kit.ts';

it('stores capex, dividends paid and buybacks as positive outflows whatever sign the vendor used that year', () => {
  const { out, log } = runNormalizer({
    sources: [
      buildSource('sec', {
        '2022-12-31': { capital_expenditure: -1_200, dividends_paid: 300, share_repurchases: -50, operating_cash_flow: 2_000 },
        '2023-12-31': { capital_expenditure: 1_300, dividends_paid: -310, share_repurchases: 60, operating_cash_flow: 2_100 },
      }),
    ],
  });
  expect([readCell(out.annual, '2022-12-31', 'capital_expenditure'), readCell(out.annual, '2023-12-31', 'capital_expenditure')]).toEqual([1_200, 1_300]);
  expect([readCell(out.annual, '2022-12-31', 'dividends_paid'), readCell(out.annual, '2023-12-31', 'dividends_paid')]).toEqual([300, 310]);
  expect(readCell(out.annual, '2022-12-31', 'share_repurchases')).toBe(50);
  // Free cash flow uses the positive capex: 2,000 − 1,200 = 800 (not 2,000 + 1,200).
  expect(readCell(out.annual, '2022-12-31', 'free_cash_flow')).toBe(800);
  expect(log.events.filter((e) => e.kind === 'outflow_sign').map((e) => [e.line, e.before, e.after])).toEqual([
    ['capital_expenditure', -1_200, 1_200],
    ['share_repurchases', -50, 50],
    ['dividends_paid', -310, 310],
  ]);
});
