/**
 * Builds data/sector-table.json.gz: per GICS sector, the sorted distribution of every grade metric over
 * the whole universe (core/analysis/fundamentals/grade-metrics.ts), so grading one company at request
 * time is a few binary searches. Run at the end of `npm run data:prepare`, or alone:
 * `npx tsx scripts/build-sector-table.ts` (reads data/*.json.gz, writes data/sector-table.json.gz).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CompanyFinancials, FinancialPeriod } from '../core/analysis/financials.ts';
import { type CompanyClass, classifyCompany } from '../core/analysis/fundamentals/company-class.ts';
import type { SectorTable } from '../core/analysis/fundamentals/sector-grades.ts';
import { buildGradeInputs, buildSectorTableOfCompanies, type GradeInputs } from '../core/analysis/fundamentals/sector-table-of-companies.ts';
import { fiscalYearOf } from '../core/market/fiscal.ts';
import {
  BUNDLE_FILES,
  type BundleDaily,
  type BundleMonthly,
  type BundleFundamentals,
  type BundleProfile,
  type BundleStatementSet,
  type CompaniesFile,
  type FundamentalsFile,
  type PricesFile,
} from '../server/adapters/market-data/bundled/format.ts';
import { type DecodedSeries, decodeDaily, decodeMonthly } from '../server/adapters/market-data/bundled/store.ts';

const SECTOR_TABLE_VERSION = 1;

const readGz = <T>(dir: string, file: string): T => JSON.parse(gunzipSync(readFileSync(join(dir, file))).toString('utf8')) as T;

export interface SectorTableFile extends SectorTable {
  version: number;
  data_as_of: string;
  /** Companies whose metrics entered the table (stocks with fundamentals, a sector and a price). */
  companies: number;
}

interface SectorTableInput {
  fundamentals: Record<string, BundleFundamentals>;
  profiles: Record<string, BundleProfile>;
  daily: Record<string, BundleDaily>;
  monthly: Record<string, BundleMonthly>;
  dataAsOf: string;
}

function toPeriods(set: BundleStatementSet, refs: BundleFundamentals['refs']): FinancialPeriod[] {
  const periods = set.ends.map((end) => ({
    end,
    fiscalYear: fiscalYearOf(end),
    values: {} as Record<string, number | null>,
    filed: {} as Record<string, string | null>,
  }));
  for (const [key, [values, rs]] of Object.entries(set.lines)) {
    values.forEach((v, i) => {
      const r = rs[i];
      periods[i]!.values[key] = v;
      periods[i]!.filed[key] = v === null || r === null || r === undefined ? null : (refs[r]?.[1] ?? null);
    });
  }
  return periods;
}

/** The engines' view of a bundled company, the same as toCompanyFinancials over what the API serves. */
export function toFinancialsFromBundle(symbol: string, b: BundleFundamentals): CompanyFinancials {
  return { symbol, annual: toPeriods(b.annual, b.refs), quarterly: toPeriods(b.quarterly, b.refs) };
}

/** Daily bars when the snapshot has them, else its month-end closes (as the bundled provider serves them). */
function decodeBundleSeries(input: Pick<SectorTableInput, 'daily' | 'monthly'>, symbol: string): DecodedSeries | null {
  if (Object.hasOwn(input.daily, symbol)) return decodeDaily(input.daily[symbol]!);
  if (Object.hasOwn(input.monthly, symbol)) return decodeMonthly(input.monthly[symbol]!);
  return null;
}

export { buildGradeInputs };

interface UniverseCompany {
  symbol: string;
  sector: string | null;
  companyClass: CompanyClass;
  financials: CompanyFinancials;
  /** Null without a price or a share count. */
  inputs: GradeInputs | null;
}

/** Every stock with fundamentals in the snapshot, with what the scores and grades take. */
export function buildUniverse(input: SectorTableInput): UniverseCompany[] {
  const out: UniverseCompany[] = [];
  for (const [symbol, b] of Object.entries(input.fundamentals)) {
    const profile = Object.hasOwn(input.profiles, symbol) ? input.profiles[symbol] : undefined;
    if (profile?.type === 'etf') continue;
    const financials = toFinancialsFromBundle(symbol, b);
    out.push({
      symbol,
      sector: profile?.sector ?? null,
      companyClass: classifyCompany({ sector: profile?.sector ?? null, industry: profile?.industry ?? null, sicDescription: profile?.sic ?? null }),
      financials,
      inputs: buildGradeInputs(financials, decodeBundleSeries(input, symbol)),
    });
  }
  return out;
}

/** The table body: grade metrics of every stock with a sector and a price, per sector (core/…/sector-table-of-companies.ts). */
export function buildSectorTableFile(input: SectorTableInput): SectorTableFile {
  const companies = buildUniverse(input).map((c) => ({
    ...c,
    series: decodeBundleSeries(input, c.symbol),
    interval: Object.hasOwn(input.daily, c.symbol) ? ('daily' as const) : ('monthly' as const),
  }));
  const table = buildSectorTableOfCompanies(companies, decodeBundleSeries(input, 'SPY'), input.dataAsOf);
  return { version: SECTOR_TABLE_VERSION, data_as_of: input.dataAsOf, ...table };
}

/** The prepared snapshot's files, as the builder takes them. */
export function readBundleInput(dataDir: string): SectorTableInput {
  const prices = readGz<PricesFile>(dataDir, BUNDLE_FILES.prices);
  const { data_as_of } = JSON.parse(readFileSync(join(dataDir, BUNDLE_FILES.sources), 'utf8')) as { data_as_of: string };
  return {
    fundamentals: readGz<FundamentalsFile>(dataDir, BUNDLE_FILES.fundamentals).fundamentals,
    profiles: readGz<CompaniesFile>(dataDir, BUNDLE_FILES.companies).profiles,
    daily: prices.daily,
    monthly: prices.monthly,
    dataAsOf: data_as_of,
  };
}

export function writeSectorTable(dataDir: string, input: SectorTableInput): void {
  const json = JSON.stringify(buildSectorTableFile(input));
  const body = gzipSync(json, { level: 9 });
  writeFileSync(join(dataDir, BUNDLE_FILES.sectorTable), body);
  console.log(`${BUNDLE_FILES.sectorTable}: ${(json.length / 1024).toFixed(0)} KB JSON, ${(body.length / 1024).toFixed(0)} KB on disk`);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const dataDir = resolve(import.meta.dirname, '..', 'data');
  writeSectorTable(dataDir, readBundleInput(dataDir));
}
