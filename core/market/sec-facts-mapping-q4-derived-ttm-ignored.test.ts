import { expect, it } from 'vitest';
import { flattenCompanyFacts, mapSecFacts, type SecFact } from './sec-facts.ts';

const fact = (tag: string, start: string | null, end: string, val: number, form: string, filed: string): SecFact => ({
  tag,
  unit: 'USD',
  start,
  end,
  val,
  form,
  filed,
});

it('maps companyfacts to annual and quarterly lines: latest filing wins, Q4 = FY − Q1 − Q2 − Q3, 10-Q trailing years ignored', () => {
  const facts: SecFact[] = [
    fact('Revenues', '2024-01-01', '2024-12-31', 1000, '10-K', '2025-02-01'),
    fact('Revenues', '2024-01-01', '2024-12-31', 1010, '10-K', '2026-02-01'), // restated in the next 10-K: wins
    fact('Revenues', '2024-01-01', '2024-03-31', 200, '10-Q', '2024-05-01'),
    fact('Revenues', '2024-04-01', '2024-06-30', 250, '10-Q', '2024-08-01'),
    fact('Revenues', '2024-07-01', '2024-09-30', 260, '10-Q', '2024-11-01'),
    fact('Revenues', '2023-10-01', '2024-09-30', 990, '10-Q', '2024-11-01'), // trailing twelve months in a 10-Q
    fact('RevenueFromContractWithCustomerExcludingAssessedTax', '2024-01-01', '2024-12-31', 999, '10-K', '2025-02-01'), // second choice tag
    fact('Assets', null, '2024-12-31', 5000, '10-K', '2025-02-01'),
    fact('Assets', null, '2024-09-30', 4800, '10-Q', '2024-11-01'),
  ];
  const { annual, quarterly } = mapSecFacts(facts);
  expect([...annual.keys()]).toEqual(['2024-12-31']);
  // the restated 1010 is dated by its own filing; the 1000 it replaced stays as the earlier vintage (point in time)
  expect(annual.get('2024-12-31')!.get('revenue')).toEqual({
    value: 1010,
    filed: '2026-02-01',
    tag: 'Revenues',
    earlier: [{ value: 1000, filed: '2025-02-01' }],
  });
  expect(annual.get('2024-12-31')!.get('total_assets')!.value).toBe(5000);
  // Q4 2024 = 1010 − 200 − 250 − 260 = 300
  expect(quarterly.get('2024-12-31')!.get('revenue')!.value).toBe(300);
  expect(quarterly.get('2024-09-30')!.get('total_assets')!.value).toBe(4800);
  expect(annual.has('2024-09-30')).toBe(false);
});

it('flattens only the us-gaap tags that feed a line', () => {
  const flat = flattenCompanyFacts({
    facts: {
      'us-gaap': {
        NetIncomeLoss: { units: { USD: [{ start: '2024-01-01', end: '2024-12-31', val: 7, form: '10-K', fp: 'FY', filed: '2025-02-01' }] } },
        SomethingElse: { units: { USD: [{ end: '2024-12-31', val: 1 }] } },
      },
      dei: { EntityCommonStockSharesOutstanding: { units: { shares: [{ end: '2025-01-15', val: 9 }] } } },
    },
  });
  expect(flat.facts.map((f) => f.tag)).toEqual(['NetIncomeLoss']);
  expect(flat.refused).toEqual([]);
});
