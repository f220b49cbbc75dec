import { describe, expect, it } from 'vitest';
import { mapSecFacts, type SecFact } from './sec-facts.ts';

const M = 1_000_000;
const year = (tag: string, y: number, millions: number, filed: string): SecFact => ({
  tag,
  unit: 'USD',
  start: `${y}-01-01`,
  end: `${y}-12-31`,
  val: millions * M,
  form: '10-K',
  filed,
});
const quarter = (tag: string, start: string, end: string, millions: number, filed: string): SecFact => ({
  tag,
  unit: 'USD',
  start,
  end,
  val: millions * M,
  form: '10-Q',
  filed,
});
const revenueOf = (facts: SecFact[]) => {
  const { annual, quarterly } = mapSecFacts(facts);
  return {
    annual: (y: number) => annual.get(`${y}-12-31`)?.get('revenue') ?? null,
    quarterly: (end: string) => quarterly.get(end)?.get('revenue') ?? null,
  };
};

describe('revenue: one definition per company, the total by the fixed tag preference', () => {
  it('AXP: total revenues net of interest expense, not contract (discount) revenue tagged in the same filing', () => {
    // AXP 10-K filed 2026-02-06 tags both; RevenuesNetOfInterestExpense ranks before contract revenue.
    const r = revenueOf([
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 2024, 38_825, '2026-02-06'),
      year('RevenuesNetOfInterestExpense', 2024, 65_949, '2026-02-06'),
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 2016, 24_235, '2019-02-13'),
      year('RevenuesNetOfInterestExpense', 2016, 35_438, '2019-02-13'),
    ]);
    expect(r.annual(2024)).toMatchObject({ value: 65_949 * M, tag: 'RevenuesNetOfInterestExpense' });
    expect(r.annual(2016)).toMatchObject({ value: 35_438 * M, tag: 'RevenuesNetOfInterestExpense' });
  });

  it('COP: `Revenues` (total revenues and other income) in every year and quarter, never contract revenue', () => {
    const r = revenueOf([
      year('Revenues', 2022, 78_494, '2025-02-18'),
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 2022, 61_049, '2025-02-18'),
      quarter('Revenues', '2022-01-01', '2022-03-31', 19_000, '2022-05-05'),
      quarter('RevenueFromContractWithCustomerExcludingAssessedTax', '2022-01-01', '2022-03-31', 15_000, '2022-05-05'),
    ]);
    expect(r.annual(2022)!.value).toBe(78_494 * M);
    expect(r.quarterly('2022-03-31')!.value).toBe(19_000 * M);
  });

  it('BLK: the latest 10-K tags only contract revenue, so that is the definition, also where an older filing tagged a component as `Revenues`', () => {
    // The 10-K filed 2026-02-25 tags RevenueFromContractWithCustomer… only; in the one filed 2025-02-25
    // `Revenues` (11,061M) sits next to the contract revenue total (17,873M) for 2022.
    const r = revenueOf([
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 2022, 17_873, '2025-02-25'),
      year('Revenues', 2022, 11_061, '2025-02-25'),
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 2025, 24_216, '2026-02-25'),
    ]);
    expect(r.annual(2022)).toMatchObject({ value: 17_873 * M, tag: 'RevenueFromContractWithCustomerExcludingAssessedTax' });
    expect(r.annual(2025)!.value).toBe(24_216 * M);
  });

  it('MA 2014: a later filing restating the same figure under another tag wins (9,441M vs 9,473M: 0.34% apart, within 1%)', () => {
    const r = revenueOf([
      year('Revenues', 2014, 9_473, '2015-02-13'),
      year('SalesRevenueNet', 2014, 9_441, '2017-02-15'),
      // Gross revenue, 46% above the net total: never the same figure, never served.
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 2018, 21_831, '2021-02-12'),
      year('Revenues', 2018, 14_950, '2021-02-12'),
    ]);
    expect(r.annual(2014)).toMatchObject({ value: 9_441 * M, tag: 'SalesRevenueNet', filed: '2017-02-15' });
    expect(r.annual(2018)!.value).toBe(14_950 * M);
  });

  it('PFE 2016–19: contract revenue stands in where `Revenues` is absent, because both equal 41,651M in 2020 (2021: 73,636M vs 81,288M, `Revenues` serves)', () => {
    const r = revenueOf([
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 2019, 40_905, '2022-02-24'),
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 2020, 41_651, '2022-02-24'),
      year('Revenues', 2020, 41_651, '2023-02-23'),
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 2021, 73_636, '2024-02-22'),
      year('Revenues', 2021, 81_288, '2024-02-22'),
    ]);
    expect(r.annual(2019)!.value).toBe(40_905 * M);
    expect(r.annual(2021)!.value).toBe(81_288 * M);
  });

  it('GE: net sales stand in for no year, since they never equal `Revenues` in a year both report (2014: 106,758M vs 117,184M); the year is refused with the reason', () => {
    const { annual, refused } = mapSecFacts([
      year('SalesRevenueNet', 2013, 102_000, '2016-02-26'),
      year('SalesRevenueNet', 2014, 106_758, '2017-02-24'),
      year('Revenues', 2014, 117_184, '2017-02-24'),
    ]);
    expect(annual.get('2013-12-31')?.get('revenue')).toBeUndefined();
    expect(annual.get('2014-12-31')!.get('revenue')!.value).toBe(117_184 * M);
    expect(refused).toEqual([expect.objectContaining({ basis: 'annual', end: '2013-12-31', line: 'revenue' })]);
    expect(refused[0]!.reason).toContain('another definition');
  });

  it('AMAT: agreement carries over: net sales = `Revenues` in 2016 (10,825M), `Revenues` = contract revenue in 2018 (16,705M), so 2014 net sales are on the definition', () => {
    const r = revenueOf([
      year('SalesRevenueNet', 2014, 9_072, '2016-12-15'),
      year('SalesRevenueNet', 2016, 10_825, '2017-12-15'),
      year('Revenues', 2016, 10_825, '2018-12-13'),
      year('Revenues', 2018, 16_705, '2019-12-13'),
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 2018, 16_705, '2020-12-11'),
    ]);
    expect(r.annual(2014)!.value).toBe(9_072 * M);
  });
});

it('capex: the tags name one line renamed over time, so the latest filing wins (AMZN 2016: 6,737M filed 2017 → 7,804M restated 2019)', () => {
  const { annual } = mapSecFacts([
    { ...year('PaymentsToAcquirePropertyPlantAndEquipment', 2016, 6_737, '2017-02-10') },
    { ...year('PaymentsToAcquireProductiveAssets', 2016, 7_804, '2019-02-01') },
    { ...year('PaymentsToAcquirePropertyPlantAndEquipment', 2015, 4_589, '2017-02-10') },
  ]);
  expect(annual.get('2016-12-31')!.get('capital_expenditure')).toEqual({ value: 7_804 * M, filed: '2019-02-01', tag: 'PaymentsToAcquireProductiveAssets' });
  expect(annual.get('2015-12-31')!.get('capital_expenditure')!.value).toBe(4_589 * M);
});
