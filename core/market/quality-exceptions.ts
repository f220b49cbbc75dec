/**
 * The revenue invariants' exceptions (issue 28): periods where a part of revenue genuinely exceeds it,
 * or revenue genuinely moved 5× or more in a year. Each is named, with its reason. The normaliser serves
 * them as reported; everywhere else a violation means a revenue row on another definition, repaired or
 * withheld (docs/data-quality.md, "Revenue invariants"). The universe test
 * (core/market/revenue-invariants-hold-over-the-shipped-universe.test.ts) fails when a violation appears
 * that is not listed here, and when a listed one no longer occurs, so the table stays the current list.
 */
import type { QualityViolation, RevenueCheck } from './quality-checks.ts';

/**
 * - `gross_loss`: cost of revenue above revenue, as filed (a write-down or a collapse in prices).
 * - `suspension`: operations stopped for a while (COVID-19), so revenue fell and recovered by 5×.
 * - `launch`: a company's first products reached the market (revenue from a small base).
 * - `listing_boom`: the year of a listing, with trading volumes several times the year before.
 * - `restatement`: a later filing recast some years and not the earlier ones (a merger under common control).
 * - `gain_on_sale`: operating income includes a gain on a divestiture larger than the period's revenue.
 */
type ExceptionKind = 'gross_loss' | 'suspension' | 'launch' | 'listing_boom' | 'restatement' | 'gain_on_sale';

export interface QualityException {
  symbol: string;
  check: RevenueCheck;
  basis: 'annual' | 'quarterly';
  /** Period end of the violation (for `revenue_jump`, the later year). */
  period: string;
  kind: ExceptionKind;
  reason: string;
}

const cost = (symbol: string, period: string, reason: string): QualityException => ({
  symbol,
  check: 'cost_within_revenue',
  basis: 'annual',
  period,
  kind: 'gross_loss',
  reason,
});
const jump = (symbol: string, period: string, kind: ExceptionKind, reason: string): QualityException => ({
  symbol,
  check: 'revenue_jump',
  basis: 'annual',
  period,
  kind,
  reason,
});

export const QUALITY_EXCEPTIONS: readonly QualityException[] = [
  cost('BA', '2020-12-31', '737 MAX grounding and 787 abnormal production costs: cost of products and services 63,843M on revenue 58,158M'),
  cost('BA', '2024-12-31', 'the IAM strike and reach-forward losses on defence programmes: cost 68,508M on revenue 66,517M'),
  cost('CCL', '2021-11-30', 'cruises suspended (COVID-19) for most of the year: operating costs 4,655M on revenue 1,908M'),
  cost('NCLH', '2020-12-31', 'cruises suspended from March 2020 (COVID-19): cost 1,693M on revenue 1,280M'),
  cost('NCLH', '2021-12-31', 'cruises restarted only from August 2021 (COVID-19): cost 1,608M on revenue 648M'),
  cost('RCL', '2020-12-31', 'cruises suspended from March 2020 (COVID-19): cost 2,765M on revenue 2,209M'),
  cost('RCL', '2021-12-31', 'cruises restarted only from mid-2021 (COVID-19): cost 2,739M on revenue 1,532M'),
  cost('MU', '2023-08-31', 'memory price collapse and inventory write-downs: cost of goods sold 16,956M on revenue 15,540M'),
  cost('VLO', '2020-12-31', 'refining margins collapsed with fuel demand (COVID-19): cost of sales 65,652M on revenue 64,912M'),
  cost('FCX', '2015-12-31', 'cost of sales includes the 13.1B impairment of oil and gas properties'),
  cost('FCX', '2016-12-31', 'cost of sales includes the 4.3B impairment of oil and gas properties'),
  {
    symbol: 'MLM',
    check: 'operating_income_within_revenue',
    basis: 'quarterly',
    period: '2024-03-31',
    kind: 'gain_on_sale',
    reason: 'earnings from operations include the ~1.3B gain on the sale of the South Texas cement business (February 2024)',
  },
  jump('CCL', '2022-11-30', 'suspension', 'cruises resumed after the COVID-19 suspension: 1,908M → 12,168M'),
  jump('NCLH', '2020-12-31', 'suspension', 'cruises suspended from March 2020 (COVID-19): 6,462M → 1,280M'),
  jump('NCLH', '2022-12-31', 'suspension', 'cruises resumed after the COVID-19 suspension: 648M → 4,844M'),
  jump('RCL', '2022-12-31', 'suspension', 'cruises resumed after the COVID-19 suspension: 1,532M → 8,840M'),
  jump('LYV', '2020-12-31', 'suspension', 'live events cancelled from March 2020 (COVID-19): 11,548M → 1,861M'),
  jump('MRNA', '2020-12-31', 'launch', 'first product revenue (COVID-19 vaccine supply and grants): 60M → 803M'),
  jump('MRNA', '2021-12-31', 'launch', 'the first full year of COVID-19 vaccine sales: 803M → 18,471M'),
  jump('COIN', '2021-12-31', 'listing_boom', 'listed in April 2021, a year of crypto trading volumes several times 2020’s: 1,277M → 7,839M'),
  jump(
    'ECHO',
    '2021-12-31',
    'restatement',
    'DISH Network joined EchoStar on 2023-12-31 under common control, so the 2023 10-K recast 2021 onward as combined; 2020 is EchoStar alone (1,888M → 19,819M)',
  ),
];

/** The listed exception a violation falls under, if any. */
export function findException(v: Pick<QualityViolation, 'symbol' | 'check' | 'basis' | 'period'>): QualityException | undefined {
  return QUALITY_EXCEPTIONS.find((x) => x.symbol === v.symbol && x.check === v.check && x.basis === (v.basis ?? 'annual') && x.period === v.period);
}

export const isExcepted = (v: Pick<QualityViolation, 'symbol' | 'check' | 'basis' | 'period'>): boolean => findException(v) !== undefined;
