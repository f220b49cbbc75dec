import { expect, it } from 'vitest';
import { mapSecFacts, type SecFact } from './sec-facts.ts';

// Raw rows from the SEC companyfacts of JNJ, AAPL and ABNB (data/inputs/sec-xbrl-vintages.csv.gz): one row per
// filing that reported the fact. The subset in ../shared/data keeps only the last of them.
const fact = (tag: string, start: string | null, end: string, val: number, form: string, filed: string): SecFact => ({
  tag,
  unit: 'USD',
  start,
  end,
  val,
  form,
  filed,
});

it('a value repeated by later filings is dated by the first: JNJ current liabilities 2025-12-28 from the 10-K of 2026-02-11, not the 10-Q of 2026-07-23', () => {
  const { annual } = mapSecFacts([
    fact('RevenueFromContractWithCustomerExcludingAssessedTax', '2024-12-30', '2025-12-28', 94_193e6, '10-K', '2026-02-11'),
    fact('LiabilitiesCurrent', null, '2025-12-28', 54_126e6, '10-K', '2026-02-11'),
    fact('LiabilitiesCurrent', null, '2025-12-28', 54_126e6, '10-Q', '2026-04-22'),
    fact('LiabilitiesCurrent', null, '2025-12-28', 54_126e6, '10-Q', '2026-07-23'),
  ]);
  // 2026-07-23 is after the data day (2026-07-02): dated by it, the value would be cut from every current analysis
  expect(annual.get('2025-12-28')!.get('current_liabilities')).toEqual({
    value: 54_126e6,
    filed: '2026-02-11',
    tag: 'LiabilitiesCurrent',
    lastFiled: '2026-07-23',
  });
});

it('a restated value carries its own later date and keeps the original: JNJ FY2021 revenue 93,775M (2022-02-17, repeated 2023-02-16) → 78,740M (2024-02-16)', () => {
  const { annual } = mapSecFacts([
    fact('RevenueFromContractWithCustomerExcludingAssessedTax', '2021-01-04', '2022-01-02', 93_775e6, '10-K', '2022-02-17'),
    fact('RevenueFromContractWithCustomerExcludingAssessedTax', '2021-01-04', '2022-01-02', 93_775e6, '10-K', '2023-02-16'),
    fact('RevenueFromContractWithCustomerExcludingAssessedTax', '2021-01-04', '2022-01-02', 78_740e6, '10-K', '2024-02-16'),
  ]);
  // 78,740 / 93,775 = 0.840: served before 2024-02-16 it would be a 16 % look-ahead (Kenvue restated out)
  expect(annual.get('2022-01-02')!.get('revenue')).toEqual({
    value: 78_740e6,
    filed: '2024-02-16',
    tag: 'RevenueFromContractWithCustomerExcludingAssessedTax',
    earlier: [{ value: 93_775e6, filed: '2022-02-17' }],
  });
});

it('the same figure under a renamed tag keeps its first filing: AAPL FY2016 revenue 215,639M, SalesRevenueNet 2016-10-26, Revenues 2018-11-05', () => {
  const { annual } = mapSecFacts([
    fact('SalesRevenueNet', '2015-09-27', '2016-09-24', 215_639e6, '10-K', '2016-10-26'),
    fact('SalesRevenueNet', '2015-09-27', '2016-09-24', 215_639e6, '10-K', '2017-11-03'),
    fact('Revenues', '2015-09-27', '2016-09-24', 215_639e6, '10-K', '2018-11-05'),
  ]);
  expect(annual.get('2016-09-24')!.get('revenue')!.filed).toBe('2016-10-26');
});

it('a figure re-reported rounded is no restatement: ABNB assets 2021-12-31, 13,708,474,000 (2022-02-25) then 13,708M (2023-02-17)', () => {
  const { annual } = mapSecFacts([
    fact('NetIncomeLoss', '2021-01-01', '2021-12-31', -352e6, '10-K', '2022-02-25'),
    fact('Assets', null, '2021-12-31', 13_708_474_000, '10-K', '2022-02-25'),
    fact('Assets', null, '2021-12-31', 13_708_474_000, '10-Q', '2022-05-09'),
    fact('Assets', null, '2021-12-31', 13_708_000_000, '10-K', '2023-02-17'),
  ]);
  // |13,708,474,000 − 13,708,000,000| / 13,708,474,000 = 0.0035 % ≤ 0.05 %: one reported figure, served as last filed
  const assets = annual.get('2021-12-31')!.get('total_assets')!;
  expect([assets.value, assets.filed, assets.earlier]).toEqual([13_708e6, '2022-02-25', undefined]);
});

it('a per-share figure restated for a split stays dated by its first filing (the splits pass redoes the restatement)', () => {
  const shares = (val: number, filed: string): SecFact => ({
    ...fact('WeightedAverageNumberOfDilutedSharesOutstanding', '2017-10-01', '2018-09-29', val, '10-K', filed),
    unit: 'shares',
  });
  // AAPL FY2018: 5,000,109,000 as filed 2018-11-05; ×4 = 20,000,436,000 after the 2020 split, filed 2020-10-30
  const { annual } = mapSecFacts([shares(5_000_109_000, '2018-11-05'), shares(20_000_436_000, '2020-10-30')]);
  expect(annual.get('2018-09-29')!.get('shares_diluted')).toEqual({
    value: 20_000_436_000,
    filed: '2018-11-05',
    tag: 'WeightedAverageNumberOfDilutedSharesOutstanding',
    lastFiled: '2020-10-30',
  });
});
