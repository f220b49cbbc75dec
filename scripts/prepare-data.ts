/**
 * Prepares the bundled market snapshot (run by hand: `npm run data:prepare [-- --out DIR]`): reads its inputs from
 * the repository (data/inputs/prepare-inputs.json.gz, packed from the assembled offline dataset by
 * scripts/pack-prepare-inputs.ts; or that dataset's folder itself when SHARED_DATA_DIR is set) and writes the
 * compact files in data/ (or DIR) that the app loads. A fresh clone reproduces data/ byte for byte
 * (`npm run data:check`). The app never reads the inputs.
 *
 * Data-quality rules applied here (see data/SOURCES.md; fundamentals: docs/data-quality.md "Normaliser rules"):
 * - Fundamentals go through core/market/normalizer: SEC-derived values first, FMP fills gaps; vendor zeros
 *   not reported; positive outflows; share units; splits (table and derived); one revenue definition;
 *   parent equity with NCI; one balance-sheet vintage; quarantine; filing dates.
 * - Dividends: Yahoo amounts corrected where Yahoo divided by spin-off factors; IEX amounts (as paid) split-adjusted.
 * - Everything is cut at the snapshot date 2026-07-02.
 * - Listing names cut at a hyphen are rebuilt; a bar whose open/close lies outside its range has the range
 *   widened; a former ticker sharing a CIK with a listed one is folded into it. Every repair is logged to
 *   data/QUALITY.md (see docs/data-quality.md).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { classifyCompany } from '../core/analysis/fundamentals/company-class.ts';
import { buildListingName, resolveSharedCiks } from '../core/market/listing-repairs.ts';
import { repairBarRange } from '../core/market/price-bar-repair.ts';
import { QualityLog } from '../core/market/quality.ts';
import { formatQualitySummary, renderQualityReport } from '../core/market/quality-report.ts';
import { mapSecFacts, type RefusedFact, type SecFact } from '../core/market/sec-facts.ts';
import { serializeSearchIndex } from '../core/market/search.ts';
import { selectPeriodEnds } from '../core/market/normalize.ts';
import { toFigurePeriods } from '../core/market/normalizer/figures.ts';
import { cellOfSecValue, type MarketShares, type NormCell, normalizeCompany, type Periods, type SourceStatements } from '../core/market/normalizer/index.ts';
import { isTrueSplit, type SplitEvent } from '../core/market/split-adjust.ts';
import { LINE_BY_KEY } from '../core/market/statements.ts';
import { normalizeSymbol } from '../core/market/symbol.ts';
import { parseCsv } from '../core/text/csv.ts';
import {
  BUNDLE_FILES,
  BUNDLE_VERSION,
  type BundleDaily,
  type BundleEtf,
  type BundleFundamentals,
  type BundleMonthly,
  type BundleProfile,
  type BundleRef,
  type BundleStatementSet,
  COV,
  type DatasetAsOf,
  type CompaniesFile,
  type FundamentalsFile,
  type ListingsFile,
  type PricesFile,
  type SourceInfo,
  type SourcesFile,
} from '../server/adapters/market-data/bundled/format.ts';
import { decodeDaily } from '../server/adapters/market-data/bundled/store.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = process.env.SHARED_DATA_DIR ? resolve(process.env.SHARED_DATA_DIR) : null;
const outAt = process.argv.indexOf('--out');
const OUT = outAt >= 0 && process.argv[outAt + 1] ? resolve(process.argv[outAt + 1]!) : join(ROOT, 'data');
/** The packed inputs (relative path → text), read once; null when reading the dataset's folder. */
const PACKED: Record<string, string> | null = SRC
  ? null
  : (JSON.parse(gunzipSync(readFileSync(join(ROOT, 'data/inputs/prepare-inputs.json.gz'))).toString('utf8')) as { files: Record<string, string> }).files;
/** One input file's text, from the packed inputs or the dataset's folder. */
const readInput = (rel: string): string => {
  if (!PACKED) return readFileSync(join(SRC!, rel), 'utf8');
  const text = PACKED[rel];
  if (text === undefined) throw new Error(`${rel} is not in data/inputs/prepare-inputs.json.gz: re-run scripts/pack-prepare-inputs.ts`);
  return text;
};
const hasInput = (rel: string) => (PACKED ? rel in PACKED : existsSync(join(SRC!, rel)));
/** The files of an input folder, in name order (as readdirSync gives them). */
const listInputs = (dir: string) =>
  PACKED
    ? Object.keys(PACKED)
        .filter((k) => k.startsWith(`${dir}/`) && !k.slice(dir.length + 1).includes('/'))
        .map((k) => k.slice(dir.length + 1))
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    : readdirSync(join(SRC!, dir));
/** Last trading day of the snapshot: the cut-off for every series and the `data_as_of` the app reads back from the files. */
const DATA_AS_OF = '2026-07-02';
const PLAINSIGHT_AS_OF = '2026-08-22';
const startedAt = performance.now();
const qualityLog = new QualityLog();

// ---------- helpers ----------
/** A CSV's rows as objects keyed by its header (blank lines skipped); read by core/text/csv.ts, as every CSV is. */
function csvObjects(text: string): Record<string, string>[] {
  const [header, ...body] = parseCsv(text);
  return body.filter((r) => r.length > 1 || r[0]).map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}
const csv = (rel: string) => csvObjects(readInput(rel));
const num = (s: string | undefined): number | null => {
  if (s === undefined || s.trim() === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};
const sym = (s: string): string | null => {
  const r = normalizeSymbol(s.trim());
  return r.ok ? r.symbol : null;
};
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const cents = (v: number) => Math.round(v * 100);
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
const monthNumber = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;
const deltas = (xs: number[]) => xs.map((x, i) => (i === 0 ? x : x - xs[i - 1]!));

// ---------- sources ----------
const sources: SourceInfo[] = [
  {
    id: 'nasdaq-listings',
    name: 'Nasdaq Trader symbol directory (via datasets/nasdaq-listings)',
    provides: 'Nasdaq-listed symbols, names, ETF flag',
    licence: 'ODC-PDDL-1.0',
    tier: 'A',
    as_of: '2026-08-01',
    origin: 'github.com/datasets/nasdaq-listings',
  },
  {
    id: 'nyse-other-listings',
    name: 'NYSE and other listings (via datasets/nyse-other-listings)',
    provides: 'NYSE, NYSE American, NYSE Arca, Cboe and IEX listings',
    licence: 'ODC-PDDL-1.0',
    tier: 'A',
    as_of: '2026-08-22',
    origin: 'github.com/datasets/nyse-other-listings',
  },
  {
    id: 'sp500-constituents',
    name: 'S&P 500 constituents (Wikipedia via datasets/s-and-p-500-companies)',
    provides: 'Members, GICS sector and sub-industry, headquarters, CIK, founded',
    licence: 'ODC-PDDL-1.0',
    tier: 'A',
    as_of: '2026-08-08',
    origin: 'github.com/datasets/s-and-p-500-companies',
  },
  {
    id: 'constituents-financials',
    name: 'S&P 500 constituents financials (Yahoo via datasets/s-and-p-500-companies-financials)',
    provides: 'Market cap and price of one day: the share count on the prices’ split basis (checks only, not served)',
    licence: 'ODC-PDDL-1.0 (as declared; values pulled with yfinance)',
    tier: 'A',
    as_of: '2026-08-22',
    origin: 'github.com/datasets/s-and-p-500-companies-financials',
  },
  {
    id: 'sec',
    name: 'SEC EDGAR companyfacts and submissions (extracted by joshuakeum9-cell/plainsight)',
    provides: 'Annual and quarterly income, cash flow, balance sheet; EPS; SIC; fiscal year end',
    licence: 'US-government public domain facts; extracting repository has no licence',
    tier: 'B',
    as_of: PLAINSIGHT_AS_OF,
    origin: 'data.sec.gov companyfacts',
  },
  {
    id: 'sec-xbrl',
    name: 'SEC XBRL facts subset (Jessieeeeai/valuation-galaxy)',
    provides: 'Current liabilities, inventory, long-term debt, and full XOM history',
    licence: 'US-government public domain facts; extracting repository has no licence',
    tier: 'B',
    as_of: '2026-07-24',
    origin: 'data.sec.gov companyfacts',
  },
  {
    id: 'fmp',
    name: 'Financial Modeling Prep statements (LuisRocket/ImNotApe)',
    provides: 'Detail lines SEC sources lack (pretax income, tax, D&A, interest, current assets, goodwill…) for 103 stocks',
    licence: 'Proprietary origin, redistribution restricted: development data only',
    tier: 'C-FMP',
    as_of: '2026-05-07',
    origin: 'financialmodelingprep.com (stable statements)',
  },
  {
    id: 'yahoo-daily',
    name: 'Yahoo Finance daily prices (seonu-dragon/Mir_US_Stocks)',
    provides: 'Daily OHLCV 2021-07-06 to 2026-07-02, split-adjusted, not dividend-adjusted, 125 symbols',
    licence: 'Rights unclear (Yahoo terms); demo data',
    tier: 'C',
    as_of: DATA_AS_OF,
    origin: 'Yahoo Finance chart API',
  },
  {
    id: 'yahoo-monthly',
    name: 'Yahoo Finance month-end closes (joshuakeum9-cell/plainsight)',
    provides: 'Month-end closes 2016-09 to 2026-06, split- and dividend-adjusted, S&P 500',
    licence: 'Rights unclear (Yahoo terms); demo data',
    tier: 'C',
    as_of: '2026-06-30',
    origin: 'Yahoo Finance chart API',
  },
  {
    id: 'etf-issuers',
    name: 'Issuer holdings files (major/index-etfs)',
    provides: 'SPY, QQQ and IWM holdings with weights',
    licence: 'No licence; issuer data',
    tier: 'C',
    as_of: '2025-10-31',
    origin: 'SSGA, Invesco, iShares',
  },
  {
    id: 'etf-sectors',
    name: 'Sector weights derived from issuer holdings and GICS sectors',
    provides: 'SPY and QQQ sector weights',
    licence: 'Derived from tier A and C data',
    tier: 'C',
    as_of: '2025-10-31',
    origin: 'derived',
  },
  {
    id: 'stockanalysis',
    name: 'ETF overviews scraped from stockanalysis.com (jmaslek/etf_scraper)',
    provides: 'Expense ratio, yield, assets for 11 ETFs; stale',
    licence: 'Scraped; rights unclear',
    tier: 'C',
    as_of: '2022-08-30',
    origin: 'stockanalysis.com',
  },
  {
    id: 'yahoo-dividends',
    name: 'Yahoo Finance dividends and splits (DennisPoniros/Dividend_Cointegration-, deep-raj17/Aurum-FINORA)',
    provides: 'Dividend ex-dates and amounts, split dates and ratios',
    licence: 'Rights unclear (Yahoo terms); facts only',
    tier: 'C',
    as_of: '2025-12-05',
    origin: 'Yahoo Finance via yfinance',
  },
  {
    id: 'iex-dividends',
    name: 'IEX Cloud dividends (suchak1/hyperdrive)',
    provides: 'Dividends as paid with pay and declaration dates, 2015-2020',
    licence: 'MIT repository; IEX Cloud data',
    tier: 'C',
    as_of: '2020-08-02',
    origin: 'IEX Cloud',
  },
];

// ---------- listings ----------
const exchangeNames: Record<string, string> = { N: 'NYSE', A: 'NYSE American', P: 'NYSE Arca', Z: 'Cboe BZX', V: 'IEX', Q: 'NASDAQ' };
/** Names as the listing files give them, logged when rebuilt (other_listed.csv cuts "Company Name" at the first hyphen). */
const listingName = (s: string, company: string, security: string, etf: boolean) => {
  const { name, restored } = buildListingName(company, security, etf);
  if (restored) {
    qualityLog.record({
      dataset: 'listings',
      symbol: s,
      outcome: 'repaired',
      kind: 'listing_name',
      line: 'name',
      before: company.trim(),
      after: name,
      reason: 'company name cut at a hyphen inside the name; rebuilt from the security name',
    });
  }
  return name;
};

interface ListingRow {
  symbol: string;
  name: string;
  exchange: string | null;
  etf: boolean;
}
const listings = new Map<string, ListingRow>();
for (const r of csv('constituents/nasdaq_listed_symbols.csv')) {
  const s = sym(r.Symbol ?? '');
  if (!s || r['Test Issue'] === 'Y' || !r['Company Name']) continue;
  listings.set(s, { symbol: s, name: listingName(s, r['Company Name']!, r['Security Name'] ?? '', r.ETF === 'Y'), exchange: 'NASDAQ', etf: r.ETF === 'Y' });
}
for (const r of csv('constituents/other_listed.csv')) {
  const s = sym(r['ACT Symbol'] ?? '');
  if (!s || r['Test Issue'] === 'Y' || listings.has(s)) continue;
  listings.set(s, {
    symbol: s,
    name: listingName(s, r['Company Name'] ?? '', r['Security Name'] || s, r.ETF === 'Y'),
    exchange: exchangeNames[r.Exchange ?? ''] ?? (r.Exchange || null),
    etf: r.ETF === 'Y',
  });
}
for (const r of csv('constituents/nyse_listed.csv')) {
  const s = sym(r['ACT Symbol'] ?? '');
  if (!s || listings.has(s)) continue;
  listings.set(s, { symbol: s, name: listingName(s, r['Company Name'] || s, '', false), exchange: 'NYSE', etf: false });
}
const listedInFiles = new Set(listings.keys());

// ---------- profiles ----------
const profiles: Record<string, BundleProfile> = {};
const sp500 = new Set<string>();
for (const r of csv('profiles/company_profiles_sp500.csv')) {
  const s = sym(r.ticker!)!;
  sp500.add(s);
  profiles[s] = {
    name: r.name!,
    type: 'stock',
    exchange: r.listing_exchange || listings.get(s)?.exchange || null,
    sector: r.gics_sector || null,
    industry: r.gics_sub_industry || null,
    sic: r.sec_sic_description || null,
    cik: r.cik ? r.cik.padStart(10, '0') : null,
    hq: r.headquarters || null,
    founded: r.founded || null,
    fye: r.fiscal_year_end_mmdd || null,
    sp500: true,
    source: 'sp500-constituents',
  };
}
// AVB and EQR are missing from the listing files: their exchange comes from the SEC submissions profile
// (in the plainsight extract), or stays null; never a placeholder.
for (const [s, p] of Object.entries(profiles)) {
  if (p.exchange) continue;
  const file = `fundamentals/sec_companyfacts_derived/${s}.json`;
  const secExchange: string | null = hasInput(file) ? (JSON.parse(readInput(file)).profile?.exchange ?? null) : null;
  p.exchange = secExchange;
  qualityLog.record({
    dataset: 'listings',
    symbol: s,
    outcome: secExchange ? 'repaired' : 'quarantined',
    kind: 'exchange',
    line: 'exchange',
    before: null,
    after: secExchange,
    reason: secExchange
      ? 'not in the listing files; exchange from the SEC submissions profile'
      : 'not in the listing files nor in an SEC profile: served as null',
  });
}
const etfNames = new Map<string, string>();
for (const r of csv('profiles/etf_profiles.csv')) {
  const s = sym(r.ticker!)!;
  etfNames.set(s, r.security_name || r.name!);
  profiles[s] = {
    name: r.security_name || r.name!,
    type: 'etf',
    exchange: r.listing_exchange || null,
    sector: null,
    industry: null,
    sic: null,
    cik: null,
    hq: null,
    founded: null,
    fye: null,
    sp500: false,
    source: 'nasdaq-listings',
  };
}

// ---------- splits ----------
const rawSplits = new Map<string, Array<{ date: string; ratio: number }>>();
for (const file of ['corporate_actions/splits_yf_fullhistory_megacap15.csv', 'corporate_actions/splits_yf_2015_2025.csv']) {
  for (const r of csv(file)) {
    const s = sym(r.ticker!)!;
    const list = rawSplits.get(s) ?? [];
    const ratio = Number(r.split_ratio);
    if (!list.some((x) => x.date === r.date)) list.push({ date: r.date!, ratio });
    rawSplits.set(s, list);
  }
}
const trueSplits = new Map<string, SplitEvent[]>();
for (const [s, list] of rawSplits) {
  const t = list.filter((x) => isTrueSplit(x.ratio) && x.date <= DATA_AS_OF).sort((a, b) => (a.date < b.date ? -1 : 1));
  if (t.length) trueSplits.set(s, t);
}
const splitsOut: CompaniesFile['splits'] = {};
for (const [s, list] of trueSplits) splitsOut[s] = list.map((x) => [x.date, round(x.ratio, 4), 'yahoo-dividends']);

// ---------- dividends ----------
// Yahoo divided these tickers' earlier dividends by spin-off price factors (SOURCES.md): multiply back.
const yahooRescaledBySpinoffs = new Set(['MMM', 'IBM', 'MRK', 'PFE', 'GE']);
const spinoffFactorAfter = (s: string, date: string) =>
  (rawSplits.get(s) ?? []).filter((x) => x.date > date && !isTrueSplit(x.ratio)).reduce((f, x) => f * x.ratio, 1);
const trueFactorAfter = (s: string, date: string) => (trueSplits.get(s) ?? []).filter((x) => x.date > date).reduce((f, x) => f * x.ratio, 1);

const dividends = new Map<string, Map<string, [string, number, string | null, string]>>();
/** `symbol|ex-date` → the day the amount's split basis dates from ('' = adjusted for the split table's splits only). */
const dividendBasis = new Map<string, string>();
const addDividend = (s: string, ex: string, amount: number, pay: string | null, source: string, override: boolean, basis: string) => {
  if (ex > DATA_AS_OF || !(amount > 0)) return;
  const m = dividends.get(s) ?? new Map();
  if (override || !m.has(ex)) {
    m.set(ex, [ex, round(amount, 6), pay, source]);
    dividendBasis.set(`${s}|${ex}`, basis);
  }
  dividends.set(s, m);
};
/*
 * The days each name's records cover, so a source that stops early (the 2015–2025 file ends 2025-12-05)
 * never reads as a cut or a thin trailing year. Per file: the full-history file from its first payment
 * (it holds all Yahoo has) to the snapshot (it was taken after it); the 2015–2025 file from the start of the
 * same parquet's prices (2015-07-31, or 2019-01-07 for 17 names) to 2025-12-05; IEX from its first payment
 * of the name (it is patchy for some, e.g. DIS) to 2020-08-02. A name's span is the union of its files'.
 */
const dividendSpans = new Map<string, [string, string]>();
const widenSpan = (s: string, from: string, through: string) => {
  const cut = through > DATA_AS_OF ? DATA_AS_OF : through;
  const had = dividendSpans.get(s);
  dividendSpans.set(s, had ? [from < had[0] ? from : had[0], cut > had[1] ? cut : had[1]] : [from, cut]);
};
const yfPricesStart = (s: string) => {
  const file = `prices/daily_yf_adjusted_2015_2025/${s.replace('.', '-')}.csv`;
  return hasInput(file) ? csvObjects(readInput(file))[0]!.date! : null;
};
const DIVIDEND_FILES = [
  { file: 'corporate_actions/dividends_yf_fullhistory_megacap15.csv', through: '2026-07-09', from: (_s: string, first: string) => first },
  { file: 'corporate_actions/dividends_yf_2015_2025.csv', through: '2025-12-05', from: (s: string, first: string) => yfPricesStart(s) ?? first },
];
for (const { file, through, from } of DIVIDEND_FILES) {
  const first = new Map<string, string>();
  for (const r of csv(file)) {
    const s = sym(r.ticker!)!;
    let amount = Number(r.dividend_split_adjusted);
    if (yahooRescaledBySpinoffs.has(s)) amount *= spinoffFactorAfter(s, r.ex_date!);
    addDividend(s, r.ex_date!, amount, null, 'yahoo-dividends', false, through);
    if (!first.has(s) || r.ex_date! < first.get(s)!) first.set(s, r.ex_date!);
  }
  for (const [s, f] of first) widenSpan(s, from(s, f), through);
}
const iexFirst = new Map<string, string>();
for (const r of csv('corporate_actions/dividends_iex_2015_2020_hyperdrive.csv')) {
  const s = sym(r.ticker!)!;
  addDividend(s, r.ex_date!, Number(r.dividend_as_reported) / trueFactorAfter(s, r.ex_date!), r.pay_date || null, 'iex-dividends', true, '');
  if (!iexFirst.has(s) || r.ex_date! < iexFirst.get(s)!) iexFirst.set(s, r.ex_date!);
}
for (const [s, f] of iexFirst) widenSpan(s, f, '2020-08-02');
const dividendsOut: CompaniesFile['dividends'] = {};
for (const [s, m] of dividends) dividendsOut[s] = [...m.values()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
const dividendRecordsOut: NonNullable<CompaniesFile['dividend_records']> = {};
for (const s of [...dividendSpans.keys()].sort()) if (dividendsOut[s]) dividendRecordsOut[s] = dividendSpans.get(s)!;

// ---------- ETFs ----------
const etfs: Record<string, BundleEtf> = {};
const etfOf = (s: string): BundleEtf =>
  (etfs[s] ??= {
    holdings: null,
    holdings_as_of: null,
    sectors: null,
    expense_ratio_pct: null,
    dividend_yield_pct: null,
    aum_musd: null,
    overview_as_of: null,
    sources: [],
  });
for (const [s, file] of [
  ['SPY', 'etfs/holdings/spy_holdings_2025-10-31.csv'],
  ['QQQ', 'etfs/holdings/qqq_holdings_2025-10-31.csv'],
  ['IWM', 'etfs/holdings/iwm_holdings_2025-10-31.csv'],
] as const) {
  const e = etfOf(s);
  e.holdings = csv(file)
    .map((r): [string, string, number] => [(r.Ticker ?? '').trim(), (r.Name ?? '').trim(), Number(r.Weight)])
    .filter((h) => h[0] && Number.isFinite(h[2]) && h[2] > 0)
    .sort((a, b) => b[2] - a[2]);
  e.holdings_as_of = '2025-10-31';
  e.sources.push('etf-issuers');
}
for (const r of csv('etfs/etf_sector_weights_derived_2025-10-31.csv')) {
  const e = etfOf(r.etf!);
  e.sectors ??= [];
  e.sectors.push([r.gics_sector!, round(Number(r.weight_pct), 3)]);
  if (!e.sources.includes('etf-sectors')) e.sources.push('etf-sectors');
}
for (const r of csv('etfs/etf_overview_2022-08-30.csv')) {
  const e = etfOf(r.ticker!);
  e.expense_ratio_pct = num(r.Expense);
  e.dividend_yield_pct = num(r.DivYield);
  e.aum_musd = num(r.Assets);
  e.overview_as_of = '2022-08-30';
  e.sources.push('stockanalysis');
}

// ---------- prices ----------
const daily: Record<string, BundleDaily> = {};
const unfinishedLastBar: string[] = [];
for (const r of csv('prices/daily_index.csv')) {
  const s = sym(r.ticker!)!;
  const rows = csv(r.file!).filter((x) => x.date! <= DATA_AS_OF);
  qualityLog.countChecked('prices', rows.length);
  // The snapshot caught 21 of the 22 ETFs mid-session on its last day: the close repeats the previous
  // close while the day's range moved. That is not a real close, so the bar is dropped.
  const last = rows.at(-1)!;
  const prev = rows.at(-2)!;
  if (last.close === prev.close && (last.high !== last.close || last.low !== last.close)) {
    rows.pop();
    unfinishedLastBar.push(s);
  }
  for (const row of rows) {
    const bar = { open: Number(row.open), high: Number(row.high), low: Number(row.low), close: Number(row.close) };
    const repair = repairBarRange(bar);
    if (!repair) continue;
    qualityLog.record({
      dataset: 'prices',
      symbol: s,
      outcome: 'repaired',
      kind: 'ohlc',
      period: row.date!,
      line: 'high/low',
      before: `${bar.low}–${bar.high}`,
      after: `${repair.bar.low}–${repair.bar.high}`,
      reason: `vendor fault: ${repair.fault}; the session's range is widened to contain its open and close`,
    });
    row.high = String(repair.bar.high);
    row.low = String(repair.bar.low);
  }
  const dn = rows.map((x) => dayNumber(x.date!));
  daily[s] = {
    d0: rows[0]!.date!,
    dd: deltas(dn).map((d, i) => (i === 0 ? 0 : d)),
    o: deltas(rows.map((x) => cents(Number(x.open)))),
    h: deltas(rows.map((x) => cents(Number(x.high)))),
    l: deltas(rows.map((x) => cents(Number(x.low)))),
    c: deltas(rows.map((x) => cents(Number(x.close)))),
    v: rows.map((x) => Math.round(Number(x.volume))),
  };
  if (!profiles[s]) {
    profiles[s] = {
      name: r.name!,
      type: r.asset_type === 'ETF' ? 'etf' : 'stock',
      exchange: listings.get(s)?.exchange ?? null,
      sector: null,
      industry: null,
      sic: null,
      cik: null,
      hq: null,
      founded: null,
      fye: null,
      sp500: false,
      source: 'nasdaq-listings',
    };
  }
}
const monthlyRows = new Map<string, Array<{ m: string; c: number; v: number }>>();
for (const r of csv('prices/monthly_close_10y_sp500.csv')) {
  if (r.ticker!.startsWith('^') || r.month! >= DATA_AS_OF.slice(0, 7)) continue; // only complete months before the snapshot
  const s = sym(r.ticker!);
  if (!s) continue;
  const list = monthlyRows.get(s) ?? [];
  if (!list.some((x) => x.m === r.month)) list.push({ m: r.month!, c: Number(r.adj_close), v: Math.round(Number(r.volume)) });
  monthlyRows.set(s, list);
}
const monthly: Record<string, BundleMonthly> = {};
for (const [s, list] of monthlyRows) {
  if (daily[s]) continue; // daily bars are better; monthly is the fallback for the rest of the S&P 500
  list.sort((a, b) => (a.m < b.m ? -1 : 1));
  const mn = list.map((x) => monthNumber(x.m));
  monthly[s] = { m0: list[0]!.m, dm: deltas(mn).map((d, i) => (i === 0 ? 0 : d)), c: deltas(list.map((x) => cents(x.c))), v: list.map((x) => x.v) };
}

// ---------- share basis ----------
/*
 * The constituents file's market cap ÷ its price is the share count on Yahoo's split basis on the day it
 * was taken (about 2026-08-22), the basis the month-end closes are adjusted to. The daily bars were
 * adjusted on 2026-07-02: where the snapshot's price and the last close we serve differ by 1.8× or more
 * (a split in between), the snapshot is on another basis and is not used.
 */
const CONSTITUENTS_AS_OF = '2026-08-22';
const lastCloseOf = (s: string): number | null => {
  const d = daily[s];
  if (d) return d.c.reduce((a, x) => a + x, 0) / 100;
  const m = monthlyRows.get(s);
  return m?.length ? [...m].sort((a, b) => (a.m < b.m ? -1 : 1)).at(-1)!.c : null;
};
const marketSharesBy = new Map<string, MarketShares>();
for (const r of csv('constituents/sp500_constituents_financials.csv')) {
  const s = sym(r.Symbol!);
  const [price, cap] = [num(r.Price), num(r['Market Cap'])];
  if (!s || price === null || cap === null || !(price > 0) || !(cap > 0)) continue;
  const close = lastCloseOf(s);
  if (close === null || Math.abs(Math.log(price / close)) >= Math.log(1.8)) continue;
  marketSharesBy.set(s, { shares: Math.round(cap / price), asOf: CONSTITUENTS_AS_OF, source: 'constituents snapshot' });
}
const marketSharesFor = (s: string): MarketShares | null => marketSharesBy.get(s) ?? null;

// ---------- fundamentals ----------
// Each vendor's statements are read as they are; core/market/normalizer does every repair (docs/data-quality.md).
const plainsightMap: Record<string, string> = {
  revenue: 'revenue',
  costOfRevenue: 'cost_of_revenue',
  grossProfit: 'gross_profit',
  opIncome: 'operating_income',
  netIncome: 'net_income',
  rnd: 'research_development',
  sga: 'sga',
  ocf: 'operating_cash_flow',
  capex: 'capital_expenditure',
  buybacks: 'share_repurchases',
  dividendsPaid: 'dividends_paid',
  eps: 'eps_diluted',
  divPS: 'dividends_per_share',
  assets: 'total_assets',
  liabilities: 'total_liabilities',
  equity: 'total_equity',
  cash: 'cash',
  ltDebt: 'long_term_debt',
};
const fmpMap: Record<string, string> = {
  is_revenue: 'revenue',
  is_operatingIncome: 'operating_income',
  is_ebitda: 'ebitda',
  is_interestExpense: 'interest_expense',
  is_incomeBeforeTax: 'income_before_tax',
  is_incomeTaxExpense: 'income_tax',
  is_netIncome: 'net_income',
  is_epsDiluted: 'eps_diluted',
  is_weightedAverageShsOutDil: 'shares_diluted',
  bs_cashAndCashEquivalents: 'cash',
  bs_shortTermInvestments: 'short_term_investments',
  bs_accountsReceivables: 'receivables',
  bs_inventory: 'inventory',
  bs_totalCurrentAssets: 'current_assets',
  bs_propertyPlantEquipmentNet: 'ppe_net',
  bs_goodwillAndIntangibleAssets: 'goodwill_intangibles',
  bs_totalAssets: 'total_assets',
  bs_accountPayables: 'accounts_payable',
  bs_totalCurrentLiabilities: 'current_liabilities',
  bs_longTermDebt: 'long_term_debt',
  bs_totalDebt: 'total_debt',
  bs_totalLiabilities: 'total_liabilities',
  bs_retainedEarnings: 'retained_earnings',
  bs_totalStockholdersEquity: 'total_equity',
  bs_totalEquity: 'equity_including_nci',
  bs_minorityInterest: 'noncontrolling_interest',
  cf_operatingCashFlow: 'operating_cash_flow',
  cf_capitalExpenditure: 'capital_expenditure',
  cf_depreciationAndAmortization: 'depreciation_amortization',
  cf_stockBasedCompensation: 'stock_based_compensation',
  cf_commonDividendsPaid: 'dividends_paid',
  cf_commonStockRepurchased: 'share_repurchases',
};
// Unclassified balance sheets: FMP's current assets/liabilities are its own constructs for these.
const unclassified = new Set(['JPM', 'BAC', 'WFC', 'C', 'GS', 'MS', 'SCHW', 'BLK', 'AXP', 'BRK.B']);
// Banks and brokers report revenue net of interest expense; FMP's gross figure is not their total.
const netRevenueReporters = new Set(['JPM', 'BAC', 'WFC', 'C', 'GS', 'MS', 'SCHW', 'BLK', 'AXP']);

interface VendorStatements {
  annual: Periods;
  quarterly: Periods;
}
const vendors = { sec: new Map<string, VendorStatements>(), 'sec-xbrl': new Map<string, VendorStatements>(), fmp: new Map<string, VendorStatements>() };
const statementsOf = (vendor: keyof typeof vendors, s: string): VendorStatements => {
  let v = vendors[vendor].get(s);
  if (!v) {
    v = { annual: new Map(), quarterly: new Map() };
    vendors[vendor].set(s, v);
  }
  return v;
};
const setCell = (p: Periods, end: string, key: string, cell: NormCell) => {
  let m = p.get(end);
  if (!m) {
    m = new Map();
    p.set(end, m);
  }
  if (!m.has(key)) m.set(key, cell);
};
const sharesLatestBy = new Map<string, { shares: number; asOf: string | null }>();

const plainsightDir = 'fundamentals/sec_companyfacts_derived';
for (const file of listInputs(plainsightDir)) {
  const doc = JSON.parse(readInput(`${plainsightDir}/${file}`));
  const s = sym(String(doc.symbol ?? file.replace(/\.json$/, '')));
  if (!s) continue;
  // The files carry no filing dates (only their own `updated` stamp): the normaliser assigns them.
  const cell = (value: number): NormCell => ({ value, source: 'sec', asOf: null });
  const { annual, quarterly } = statementsOf('sec', s);
  // The annual lists also carry trailing-twelve-month points (e.g. 2026-06-30): keep fiscal year ends only.
  const fye = String(doc.profile?.fye ?? '');
  const isFiscalYearEnd = (end: string) => {
    if (!/^\d{4}$/.test(fye)) return true;
    const y = Number(end.slice(0, 4));
    const target = Date.UTC(y, Number(fye.slice(0, 2)) - 1, Number(fye.slice(2)));
    const d = Math.abs(Date.parse(`${end}T00:00:00Z`) - target) / 86_400_000;
    return Math.min(d, Math.abs(d - 365), Math.abs(d - 366)) <= 10;
  };
  const annualEnds = new Set<string>();
  for (const [k, list] of Object.entries(doc.annual ?? {}) as Array<[string, Array<{ end: string; v: number | null }>]>) {
    const key = plainsightMap[k];
    if (!key) continue;
    for (const p of list) {
      if (p.v === null || p.v === undefined || p.end > DATA_AS_OF || !isFiscalYearEnd(p.end)) continue;
      annualEnds.add(p.end);
      setCell(annual, p.end, key, cell(p.v));
    }
  }
  for (const [k, list] of Object.entries(doc.balances ?? {}) as Array<[string, Array<{ end: string; v: number | null }>]>) {
    const key = plainsightMap[k];
    if (!key) continue;
    for (const p of list) {
      if (p.v === null || p.end > DATA_AS_OF || !annualEnds.has(p.end)) continue;
      setCell(annual, p.end, key, cell(p.v));
    }
  }
  for (const p of (doc.dilutedShares ?? []) as Array<{ end: string; v: number }>) {
    if (annualEnds.has(p.end) && p.v !== null && p.v !== undefined) setCell(annual, p.end, 'shares_diluted', cell(p.v));
  }
  if (doc.sharesLatest?.v) sharesLatestBy.set(s, { shares: doc.sharesLatest.v, asOf: doc.sharesLatest.end ?? null });
  for (const [k, list] of Object.entries(doc.quarterly ?? {}) as Array<[string, Array<{ end: string; v: number | null }>]>) {
    const key = plainsightMap[k];
    if (!key) continue;
    for (const p of list) if (p.v !== null && p.end <= DATA_AS_OF) setCell(quarterly, p.end, key, cell(p.v));
  }
  if (!profiles[s]) {
    profiles[s] = {
      name: String(doc.name),
      type: 'stock',
      exchange: doc.profile?.exchange ?? listings.get(s)?.exchange ?? null,
      sector: null,
      industry: null,
      sic: doc.profile?.sic ?? null,
      cik: doc.cik ?? null,
      hq: null,
      founded: null,
      fye: doc.profile?.fye ?? null,
      sp500: false,
      source: 'sec',
    };
  }
}

// Raw SEC XBRL subset: fills gaps (current liabilities, inventory, debt; XOM's full history).
// The subset keeps each fact's latest filing only; data/inputs/sec-xbrl-vintages.csv.gz (scripts/extract-xbrl-vintages.ts)
// holds every filing of the same facts, so a value is dated by the first filing that reported it and a restated value
// keeps the one it replaced. The vintages must reproduce the subset's latest rows exactly, else the inputs disagree.
const factsBy = new Map<string, SecFact[]>();
const factKey = (r: Record<string, string>) => `${r.ticker}|${r.tag}|${r.unit}|${r.start}|${r.end}`;
const latestInVintages = new Map<string, Record<string, string>>();
for (const r of csvObjects(gunzipSync(readFileSync(join(ROOT, 'data/inputs/sec-xbrl-vintages.csv.gz'))).toString('utf8'))) {
  const s = sym(r.ticker!)!;
  const list = factsBy.get(s) ?? [];
  list.push({ tag: r.tag!, unit: r.unit!, start: r.start || null, end: r.end!, val: Number(r.val), form: r.form, fp: r.fp, filed: r.filed });
  factsBy.set(s, list);
  const prev = latestInVintages.get(factKey(r));
  if (!prev || r.filed! > prev.filed!) latestInVintages.set(factKey(r), r);
}
for (const r of csv('fundamentals/detail/sec_xbrl_facts_subset_long.csv')) {
  const v = latestInVintages.get(factKey(r));
  if (!v || Number(v.val) !== Number(r.val) || v.filed !== r.filed)
    throw new Error(
      `sec-xbrl-vintages.csv.gz does not end with the subset's ${factKey(r)} (${r.val} filed ${r.filed}): re-run scripts/extract-xbrl-vintages.ts`,
    );
}
const refusedBy = new Map<string, RefusedFact[]>();
for (const [s, facts] of factsBy) {
  const mapped = mapSecFacts(facts);
  refusedBy.set(s, mapped.refused);
  const target = statementsOf('sec-xbrl', s);
  for (const [periods, src] of [
    [target.annual, mapped.annual],
    [target.quarterly, mapped.quarterly],
  ] as const) {
    for (const [end, m] of src) {
      if (end > DATA_AS_OF) continue;
      for (const [key, v] of m) setCell(periods, end, key, cellOfSecValue(v, 'sec-xbrl'));
    }
  }
}

// FMP detail, as first filed: the normaliser uses it only where the SEC sources have no value.
for (const r of csv('fundamentals/detail/fmp_statements_annual_curated.csv')) {
  const s = sym(r.ticker!)!;
  const end = r.period_end!;
  if (end > DATA_AS_OF) continue;
  const { annual } = statementsOf('fmp', s);
  for (const [col, key] of Object.entries(fmpMap)) {
    if (unclassified.has(s) && (key === 'current_assets' || key === 'current_liabilities')) continue;
    const v = num(r[col]);
    if (v !== null) setCell(annual, end, key, { value: v, source: 'fmp', asOf: r.filing_date || null });
  }
}

/** Split-adjusted month-end close for the month of `date` (the P/E evidence for splits the table lacks). */
const priceAtFor = (s: string) => {
  const closes = new Map((monthlyRows.get(s) ?? []).map((x) => [x.m, x.c]));
  return closes.size ? (date: string) => closes.get(date.slice(0, 7)) ?? null : undefined;
};

/** Banks and insurers by the company class the analyses use (industry, else SIC description). */
const financialKindOf = (p: BundleProfile | undefined): 'bank' | 'insurer' | null => {
  const c = p ? classifyCompany({ sector: p.sector, industry: p.industry, sicDescription: p.sic }) : null;
  return c === 'bank' || c === 'insurer' ? c : null;
};
const fundamentalsLog = new QualityLog();
const fundamentals: Record<string, BundleFundamentals> = {};
for (const s of new Set([...vendors.sec.keys(), ...vendors['sec-xbrl'].keys()])) {
  const sources: SourceStatements[] = [];
  for (const [id, vintage] of [
    ['sec', 'restated'],
    ['sec-xbrl', 'restated'],
    ['fmp', 'as_first_filed'],
  ] as const) {
    const v = vendors[id].get(s);
    if (v) sources.push({ source: id, vintage, ...v });
  }
  const company = normalizeCompany(
    {
      symbol: s,
      sources,
      splits: trueSplits.get(s) ?? [],
      sharesLatest: sharesLatestBy.get(s)?.shares ?? null,
      sharesLatestAsOf: sharesLatestBy.get(s)?.asOf ?? null,
      marketShares: marketSharesFor(s),
      priceAt: priceAtFor(s),
      revenueNetOfInterest: netRevenueReporters.has(s),
      financialKind: financialKindOf(profiles[s]),
      refused: refusedBy.get(s) ?? [],
    },
    fundamentalsLog,
  );
  if (company.derivedSplits.length) {
    // Dividends are on the basis of the day their file was adjusted: a derived split after that (and after the ex-date) divides them too.
    for (const d of dividendsOut[s] ?? []) {
      const f = company.derivedSplits.filter((x) => x.date > d[0] && x.date > (dividendBasis.get(`${s}|${d[0]}`) ?? '')).reduce((a, x) => a * x.ratio, 1);
      if (f !== 1) d[1] = round(d[1] / f, 6);
    }
    splitsOut[s] = [...(splitsOut[s] ?? []), ...company.derivedSplits.map((x): [string, number, string] => [x.date, round(x.ratio, 4), 'derived'])].sort(
      (a, b) => (a[0] < b[0] ? -1 : 1),
    );
  }

  const refs: BundleRef[] = [];
  const refIndex = new Map<string, number>();
  const refOf = (ref: BundleRef) => {
    const k = ref.join('|');
    let i = refIndex.get(k);
    if (i === undefined) {
      i = refs.length;
      refs.push(ref);
      refIndex.set(k, i);
    }
    return i;
  };
  const toSet = (kind: 'annual' | 'quarterly', keep: number): BundleStatementSet => {
    const figures = toFigurePeriods(company, kind);
    const ends = selectPeriodEnds(figures, keep);
    const keys = new Set<string>();
    for (const e of ends) for (const k of figures.get(e)!.keys()) keys.add(k);
    const lines: BundleStatementSet['lines'] = {};
    const earlier: NonNullable<BundleStatementSet['earlier']> = {};
    for (const key of keys) {
      if (!LINE_BY_KEY.has(key)) continue;
      const fs = ends.map((e) => figures.get(e)!.get(key));
      const replaced = fs.flatMap((f, i) => (f?.earlier ?? []).map((e): [number, number, string] => [i, e.value, e.as_of]));
      if (replaced.length) earlier[key] = replaced;
      lines[key] = [
        fs.map((f) => f?.value ?? null),
        fs.map((f) => {
          if (!f) return null;
          const base: BundleRef = [f.source ?? '', f.as_of ?? '', f.as_of_estimated ? 1 : 0];
          return refOf(f.note ? [base[0], base[1], base[2] ?? 0, f.note] : f.as_of_estimated ? base : [base[0], base[1]]);
        }),
      ];
    }
    return Object.keys(earlier).length ? { ends, lines, earlier } : { ends, lines };
  };
  const a = toSet('annual', 12);
  const q = toSet('quarterly', 20);
  if (a.ends.length === 0 && q.ends.length === 0) continue;
  fundamentals[s] = { annual: a, quarterly: q, refs, notes: company.notes };
}
// One report for every dataset: the fundamentals' repairs and quarantines join prices' and listings'.
qualityLog.merge(fundamentalsLog);

// ---------- listings file ----------
// One company per CIK: share classes that both trade stay; a former ticker is folded into the listed one,
// keeping whichever fundamentals report more values and the index membership and classification.
const reportedValues = (f: BundleFundamentals | undefined) =>
  f ? [f.annual, f.quarterly].reduce((n, set) => n + Object.values(set.lines).reduce((m, [vs]) => m + vs.filter((v) => v !== null).length, 0), 0) : 0;
const cikHolders = Object.entries(profiles).flatMap(([symbol, p]) => (p.cik ? [{ symbol, cik: p.cik, listed: listedInFiles.has(symbol) }] : []));
for (const decision of resolveSharedCiks(cikHolders)) {
  for (const [former, current] of decision.renamed) {
    const from = profiles[former]!;
    const to = profiles[current]!;
    profiles[current] = {
      ...to,
      sector: to.sector ?? from.sector,
      industry: to.industry ?? from.industry,
      hq: to.hq ?? from.hq,
      founded: to.founded ?? from.founded,
      sp500: to.sp500 || from.sp500,
    };
    if (reportedValues(fundamentals[former]) > reportedValues(fundamentals[current])) fundamentals[current] = fundamentals[former]!;
    for (const table of [profiles, fundamentals, daily, monthly, dividendsOut, dividendRecordsOut, splitsOut, etfs] as Array<Record<string, unknown>>)
      delete table[former];
    qualityLog.record({
      dataset: 'listings',
      symbol: former,
      outcome: 'repaired',
      kind: 'cik_duplicate',
      line: 'symbol',
      before: former,
      after: current,
      reason: `CIK ${decision.cik} is also ${current}, the symbol in the current listing files: ${former} is its former ticker and is served as ${current}`,
    });
  }
}
for (const s of [...Object.keys(profiles), ...Object.keys(daily), ...Object.keys(fundamentals)]) {
  if (!listings.has(s)) {
    const p = profiles[s];
    listings.set(s, { symbol: s, name: p?.name ?? s, exchange: p?.exchange ?? null, etf: p?.type === 'etf' });
  }
}
qualityLog.countChecked('listings', listings.size);
const ordered = [...listings.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
const listingsFile: ListingsFile = {
  version: BUNDLE_VERSION,
  data_as_of: DATA_AS_OF,
  symbol: [],
  name: [],
  exchange: [],
  etf: [],
  cov: [],
  search: { symbolKeys: [], symbolKeyIds: [], words: [], wordIds: [], firstWordOf: [] },
};
for (const l of ordered) {
  const p = profiles[l.symbol];
  let cov = 0;
  if (daily[l.symbol]) cov |= COV.daily;
  if (monthly[l.symbol]) cov |= COV.monthly;
  if (fundamentals[l.symbol]) cov |= COV.fundamentals;
  const e = etfs[l.symbol];
  if (e && (e.holdings || e.expense_ratio_pct !== null)) cov |= COV.etf;
  if (dividendsOut[l.symbol]) cov |= COV.dividends;
  listingsFile.symbol.push(l.symbol);
  // S&P members get their plain company name ("Apple Inc."), others the cleaned listing name.
  listingsFile.name.push(p && (p.sp500 || p.type === 'etf') ? p.name : l.name);
  listingsFile.exchange.push(p?.exchange ?? l.exchange);
  listingsFile.etf.push(l.etf || p?.type === 'etf' ? 1 : 0);
  listingsFile.cov.push(cov);
}

listingsFile.search = serializeSearchIndex(listingsFile.symbol.map((symbol, i) => ({ symbol, name: listingsFile.name[i]! })));

// ---------- write ----------
if (!existsSync(OUT)) mkdirSync(OUT, { recursive: true });
const write = (file: string, value: unknown) => {
  const json = JSON.stringify(value);
  const body = file.endsWith('.gz') ? gzipSync(json, { level: 9 }) : Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  writeFileSync(join(OUT, file), body);
  console.log(`${file}: ${(json.length / 1024).toFixed(0)} KB JSON, ${(body.length / 1024).toFixed(0)} KB on disk`);
};
write(BUNDLE_FILES.listings, listingsFile);
write(BUNDLE_FILES.companies, {
  version: BUNDLE_VERSION,
  profiles,
  etfs,
  dividends: dividendsOut,
  dividend_records: dividendRecordsOut,
  splits: splitsOut,
} satisfies CompaniesFile);
write(BUNDLE_FILES.fundamentals, { version: BUNDLE_VERSION, fundamentals } satisfies FundamentalsFile);
write(BUNDLE_FILES.prices, { version: BUNDLE_VERSION, daily, monthly, daily_source: 'yahoo-daily', monthly_source: 'yahoo-monthly' } satisfies PricesFile);
const sourceAsOf = (...ids: string[]) =>
  sources
    .filter((x) => ids.includes(x.id))
    .map((x) => x.as_of)
    .sort()
    .at(-1)!;
const latest = (dates: Iterable<string | null>) =>
  [...dates]
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1) ?? null;
const datasets: DatasetAsOf = {
  prices: latest(Object.values(daily).map((b) => decodeDaily(b).dates.at(-1)!)),
  // the latest date any served figure is as of (its filing date, where the source gives one)
  fundamentals: latest(Object.values(fundamentals).flatMap((f) => f.refs.map((r) => r[1]))),
  listings: sourceAsOf('nasdaq-listings', 'nyse-other-listings'),
  etfs: latest(Object.values(etfs).flatMap((e) => [e.holdings_as_of, e.overview_as_of])),
  dividends: sourceAsOf('yahoo-dividends', 'iex-dividends'),
};
write(BUNDLE_FILES.sources, { data_as_of: DATA_AS_OF, datasets, sources } satisfies SourcesFile);
writeFileSync(join(OUT, 'QUALITY.md'), renderQualityReport(qualityLog, DATA_AS_OF));
console.log(formatQualitySummary(qualityLog));
console.log('QUALITY.md written');
console.log(`last daily bar dropped (close repeated the previous close): ${unfinishedLastBar.join(' ')}`);
console.log(
  `listings ${ordered.length}, profiles ${Object.keys(profiles).length}, daily ${Object.keys(daily).length}, monthly ${Object.keys(monthly).length}, fundamentals ${Object.keys(fundamentals).length}, etfs ${Object.keys(etfs).length}, dividend tickers ${Object.keys(dividendsOut).length}, split tickers ${Object.keys(splitsOut).length}`,
);
// Grades rank each company within its sector over the universe just prepared.
await import('./build-sector-table.ts').then((m) => m.writeSectorTable(OUT, { fundamentals, profiles, daily, monthly, dataAsOf: DATA_AS_OF }));
console.log(`data:prepare took ${((performance.now() - startedAt) / 1000).toFixed(1)} s (budget 60 s)`);
