/**
 * Every value the bundle serves for the 63 names of the SEC XBRL subset, compared by fiscal year end with
 * the 10-K value (latest filing wins) in server/test/fixtures/sec-xbrl-reference.json.gz, written by
 * scripts/extract-xbrl-reference.ts: a plain filter of the raw facts, independent of the data pipeline.
 * 100% must agree within display rounding; each exception is either a rule below (split restatement,
 * checked arithmetically) or a row of the reviewed table with its reason.
 *
 * The subset has no Liabilities, StockholdersEquity or EarningsPerShareDiluted facts, so liabilities,
 * equity and EPS cannot be compared here (EPS is held to net income / shares by the universe checks).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Fundamentals, Split } from '../../../../core/market/types.ts';
import { findAppRoot } from '../../../lib/app-root.ts';
import { type BundledProvider, createBundledProvider } from './index.ts';

type Reference = { source: string; tickers: Record<string, Record<string, Record<string, [value: number, filed: string, accn: string]>>> };
const reference: Reference = JSON.parse(gunzipSync(readFileSync(join(findAppRoot(), 'server/test/fixtures/sec-xbrl-reference.json.gz'))).toString('utf8'));

/**
 * The SEC tags each served line is compared with. Where a line has several, the reference is the most
 * recently filed (companies moved from SalesRevenueNet to the ASC 606 tags, and the later 10-K restates);
 * in one filing, the first listed (a total before a component).
 */
const TAGS_OF_LINE: Record<string, readonly string[]> = {
  revenue: [
    'Revenues',
    'RevenueFromContractWithCustomerExcludingAssessedTax',
    'SalesRevenueNet',
    'RevenuesNetOfInterestExpense',
    'RevenueFromContractWithCustomerIncludingAssessedTax',
  ],
  net_income: ['NetIncomeLoss'],
  operating_cash_flow: ['NetCashProvidedByUsedInOperatingActivities', 'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations'],
  capital_expenditure: ['PaymentsToAcquirePropertyPlantAndEquipment', 'PaymentsToAcquireProductiveAssets'],
  total_assets: ['Assets'],
  shares_diluted: ['WeightedAverageNumberOfDilutedSharesOutstanding'],
};

/**
 * Half of the smallest step the statements table shows ($416.16B, $950.0M, 15.2B shares, 446.23M
 * shares): two values closer than this are the same figure on screen.
 */
function halfDisplayStep(v: number, unit: 'USD' | 'shares'): number {
  const a = Math.abs(v);
  const step = a >= 1e12 ? 1e10 : a >= 1e9 ? 1e7 : a >= 1e6 ? (unit === 'USD' ? 1e5 : 1e4) : a >= 1e3 ? (unit === 'USD' ? 100 : 10) : 1;
  return step / 2;
}

/**
 * Reviewed exceptions: `SYMBOL|fiscal year end|line` → why the served value rightly differs from the
 * 10-K fact. Only reasons that make the served value correct belong here; a defect is fixed, not listed.
 */
const DISCONTINUED_OCF = (filedBefore: string, restated: string) =>
  `definition: served is total operating cash flow as filed ${filedBefore} (NetCashProvidedByUsedInOperatingActivities); the 10-K filed ${restated} restates the year to continuing operations only once businesses were reported as discontinued`;
const DISCONTINUED_CAPEX = (filedBefore: string, restated: string) =>
  `definition: served is PaymentsToAcquirePropertyPlantAndEquipment as filed ${filedBefore}; the 10-K filed ${restated} restates the year to continuing operations (PaymentsToAcquireProductiveAssets) once businesses were reported as discontinued`;
const REVIEWED_EXCEPTIONS: Record<string, string> = {
  'BLK|2022-12-31|revenue':
    'revenue: SEC tag Revenues (11,061M) is a component; the same 10-K tags the total, 17,873M, as RevenueFromContractWithCustomerExcludingAssessedTax',
  'MRK|2019-12-31|operating_cash_flow': DISCONTINUED_OCF('2021-02-25', '2022-02-25'),
  'MRK|2020-12-31|operating_cash_flow': DISCONTINUED_OCF('2021-02-25', '2023-02-24'),
  'T|2020-12-31|operating_cash_flow': DISCONTINUED_OCF('2022-02-16', '2023-02-13'),
  'T|2021-12-31|operating_cash_flow': DISCONTINUED_OCF('2022-02-16', '2024-02-23'),
  'RTX|2014-12-31|operating_cash_flow': DISCONTINUED_OCF('2015-02-05', '2017-02-09'),
  'GE|2021-12-31|capital_expenditure': DISCONTINUED_CAPEX('2023-02-10', '2024-02-02'),
  'GE|2022-12-31|capital_expenditure': DISCONTINUED_CAPEX('2023-02-10', '2025-02-03'),
};

interface Comparison {
  symbol: string;
  end: string;
  line: string;
  served: number;
  sec: number;
  tag: string;
  filed: string;
}

let p: BundledProvider;
const compared: Comparison[] = [];
const missing: string[] = [];
const splitsBy = new Map<string, Split[]>();

function referenceValue(tags: Record<string, [number, string, string]>, line: string): { value: number; tag: string; filed: string } | null {
  let best: { value: number; tag: string; filed: string } | null = null;
  for (const tag of TAGS_OF_LINE[line]!) {
    const fact = tags[tag];
    if (fact && (!best || fact[1] > best.filed)) best = { value: fact[0], tag, filed: fact[1] };
  }
  return best;
}

function collect(f: Fundamentals) {
  const ends = reference.tickers[f.symbol]!;
  const lines = [...f.annual.income, ...f.annual.balance, ...f.annual.cash_flow];
  f.annual.periods.forEach((period, i) => {
    const tags = ends[period.end];
    if (!tags) return;
    for (const line of Object.keys(TAGS_OF_LINE)) {
      const ref = referenceValue(tags, line);
      const served = lines.find((l) => l.key === line)?.values[i]?.value ?? null;
      if (!ref) continue;
      if (served === null) missing.push(`${f.symbol}|${period.end}|${line}`);
      else compared.push({ symbol: f.symbol, end: period.end, line, served, sec: ref.value, tag: ref.tag, filed: ref.filed });
    }
  });
}

beforeAll(async () => {
  p = createBundledProvider(join(findAppRoot(), 'data'));
  for (const symbol of Object.keys(reference.tickers)) {
    const f = await p.getFundamentals!(symbol);
    splitsBy.set(symbol, (await p.getSplits!(symbol)) ?? []);
    if (f) collect(f);
  }
});

/** The served share count is the SEC one restated for the splits after its filing: SEC × product of those ratios. */
function isSplitRestatement(c: Comparison): boolean {
  if (c.line !== 'shares_diluted') return false;
  const factor = (splitsBy.get(c.symbol) ?? []).filter((s) => s.date > c.filed).reduce((f, s) => f * s.ratio, 1);
  return factor !== 1 && Math.abs(c.served - c.sec * factor) <= halfDisplayStep(c.served, 'shares');
}

const isWithinRounding = (c: Comparison) => Math.abs(c.served - c.sec) <= halfDisplayStep(c.sec, c.line === 'shares_diluted' ? 'shares' : 'USD');

describe('bundled fundamentals vs the independent SEC XBRL reference (63 names, 10-K values by fiscal year end)', () => {
  it('compares the whole subset: every name in the bundle, thousands of values', () => {
    expect(Object.keys(reference.tickers)).toHaveLength(63);
    expect(compared.length).toBeGreaterThan(3000);
  });

  it('the display step: $416.16B to the $10M, $950.0M to the $0.1M, 446.23M shares to the 10K', () => {
    expect(halfDisplayStep(416_161_000_000, 'USD')).toBe(5_000_000);
    expect(halfDisplayStep(950_000_000, 'USD')).toBe(50_000);
    expect(halfDisplayStep(446_230_000, 'shares')).toBe(5_000);
  });

  it('every served value equals the 10-K value within display rounding, or is a split restatement, or a reviewed exception', () => {
    const unexplained = compared.filter((c) => !isWithinRounding(c) && !isSplitRestatement(c) && !REVIEWED_EXCEPTIONS[`${c.symbol}|${c.end}|${c.line}`]);
    const byLine: Record<string, { mismatched: number; of: number; examples: string[] }> = {};
    for (const c of compared) {
      const s = byLine[c.line] ?? { mismatched: 0, of: 0, examples: [] };
      s.of++;
      byLine[c.line] = s;
    }
    for (const c of unexplained) {
      const s = byLine[c.line]!;
      s.mismatched++;
      if (s.examples.length < 4) s.examples.push(`${c.symbol} ${c.end}: served ${c.served} vs SEC ${c.tag} ${c.sec} (filed ${c.filed})`);
    }
    const failing = Object.fromEntries(Object.entries(byLine).filter(([, s]) => s.mismatched > 0));
    expect(failing).toEqual({});
  });

  it('every reviewed exception still applies: the value is compared and differs (no stale rows)', () => {
    const keys = new Set(compared.filter((c) => !isWithinRounding(c)).map((c) => `${c.symbol}|${c.end}|${c.line}`));
    expect(Object.keys(REVIEWED_EXCEPTIONS).filter((k) => !keys.has(k))).toEqual([]);
  });
});
