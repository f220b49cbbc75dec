/**
 * Packs what `npm run data:prepare` reads of the assembled offline dataset (`../shared/data`, or SHARED_DATA_DIR)
 * into data/inputs/prepare-inputs.json.gz, so a fresh clone rebuilds data/ byte for byte without it. Run by hand
 * after the dataset changes: `npx tsx scripts/pack-prepare-inputs.ts`, then `npm run data:check`.
 *
 * Only the files the prepare step reads, and of each CSV only the columns it reads (found by tracing every row
 * access of one run; data/inputs/README.md lists them). Of the Yahoo auto-adjusted daily files only the first row
 * is kept: the prepare step reads nothing but each file's first date. The plainsight JSON files keep the keys read
 * (statement series as `{end, v}`), minified. Every source is attributed in data/SOURCES.md and data/inputs/README.md.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { joinCsvRows, parseCsv, toCsvCell } from '../core/text/csv.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = resolve(process.env.SHARED_DATA_DIR ?? join(ROOT, '../shared/data'));
const PREPARE_INPUTS_FILE = 'data/inputs/prepare-inputs.json.gz';

/** Each CSV the prepare step reads and the columns it reads ('*' = all). */
const CSV_COLUMNS: Record<string, readonly string[] | '*'> = {
  'constituents/nasdaq_listed_symbols.csv': ['Symbol', 'Security Name', 'Company Name', 'ETF', 'Test Issue'],
  'constituents/other_listed.csv': ['ACT Symbol', 'Security Name', 'Company Name', 'Exchange', 'ETF', 'Test Issue'],
  // Only the symbol is read; the name stays so that no row is a single blank cell (the reader skips those).
  'constituents/nyse_listed.csv': ['ACT Symbol', 'Company Name'],
  'constituents/sp500_constituents_financials.csv': ['Symbol', 'Price', 'Market Cap'],
  'profiles/company_profiles_sp500.csv': [
    'ticker',
    'name',
    'cik',
    'gics_sector',
    'gics_sub_industry',
    'headquarters',
    'founded',
    'listing_exchange',
    'fiscal_year_end_mmdd',
    'sec_sic_description',
  ],
  'profiles/etf_profiles.csv': ['ticker', 'security_name', 'listing_exchange'],
  'corporate_actions/splits_yf_fullhistory_megacap15.csv': ['ticker', 'date', 'split_ratio'],
  'corporate_actions/splits_yf_2015_2025.csv': ['ticker', 'date', 'split_ratio'],
  'corporate_actions/dividends_yf_fullhistory_megacap15.csv': ['ticker', 'ex_date', 'dividend_split_adjusted'],
  'corporate_actions/dividends_yf_2015_2025.csv': ['ticker', 'ex_date', 'dividend_split_adjusted'],
  'corporate_actions/dividends_iex_2015_2020_hyperdrive.csv': ['ticker', 'ex_date', 'pay_date', 'dividend_as_reported'],
  'etfs/holdings/spy_holdings_2025-10-31.csv': ['Ticker', 'Name', 'Weight'],
  'etfs/holdings/qqq_holdings_2025-10-31.csv': ['Ticker', 'Name', 'Weight'],
  'etfs/holdings/iwm_holdings_2025-10-31.csv': ['Ticker', 'Name', 'Weight'],
  'etfs/etf_sector_weights_derived_2025-10-31.csv': ['etf', 'gics_sector', 'weight_pct'],
  'etfs/etf_overview_2022-08-30.csv': ['ticker', 'Assets', 'Expense', 'DivYield'],
  'prices/daily_index.csv': ['ticker', 'file'],
  'prices/monthly_close_10y_sp500.csv': ['ticker', 'month', 'adj_close', 'volume'],
  'fundamentals/detail/sec_xbrl_facts_subset_long.csv': ['ticker', 'tag', 'unit', 'start', 'end', 'val', 'filed'],
  'fundamentals/detail/fmp_statements_annual_curated.csv': [
    'ticker',
    'period_end',
    'filing_date',
    'is_revenue',
    'is_operatingIncome',
    'is_ebitda',
    'is_interestExpense',
    'is_incomeBeforeTax',
    'is_incomeTaxExpense',
    'is_netIncome',
    'is_epsDiluted',
    'is_weightedAverageShsOutDil',
    'bs_cashAndCashEquivalents',
    'bs_shortTermInvestments',
    'bs_accountsReceivables',
    'bs_inventory',
    'bs_totalCurrentAssets',
    'bs_propertyPlantEquipmentNet',
    'bs_goodwillAndIntangibleAssets',
    'bs_totalAssets',
    'bs_accountPayables',
    'bs_totalCurrentLiabilities',
    'bs_longTermDebt',
    'bs_totalDebt',
    'bs_totalLiabilities',
    'bs_retainedEarnings',
    'bs_totalStockholdersEquity',
    'bs_totalEquity',
    'bs_minorityInterest',
    'cf_depreciationAndAmortization',
    'cf_stockBasedCompensation',
    'cf_operatingCashFlow',
    'cf_capitalExpenditure',
    'cf_commonDividendsPaid',
    'cf_commonStockRepurchased',
  ],
};

/** A CSV cut to `columns` (in the file's own order), every cell as it was. */
function cutCsv(text: string, columns: readonly string[] | '*', maxRows = Number.POSITIVE_INFINITY): string {
  const [header, ...body] = parseCsv(text);
  const keep = columns === '*' ? header!.map((_, i) => i) : header!.flatMap((h, i) => (columns.includes(h) ? [i] : []));
  const missing = columns === '*' ? [] : columns.filter((c) => !header!.includes(c));
  if (missing.length > 0) throw new Error(`columns not in the file: ${missing.join(', ')}`);
  const rows = body.filter((r) => r.length > 1 || r[0]).slice(0, maxRows);
  return joinCsvRows([header!, ...rows].map((r) => keep.map((i) => toCsvCell(r[i] ?? '', false))));
}

/** A plainsight document with only what the prepare step reads: statement series as {end, v}. */
function cutPlainsight(doc: Record<string, unknown>): unknown {
  const series = (list: unknown) => (Array.isArray(list) ? list.map((p: { end: unknown; v: unknown }) => ({ end: p.end, v: p.v })) : list);
  const group = (g: unknown) => (g && typeof g === 'object' ? Object.fromEntries(Object.entries(g).map(([k, v]) => [k, series(v)])) : g);
  const profile = (doc.profile ?? null) as Record<string, unknown> | null;
  return {
    symbol: doc.symbol,
    name: doc.name,
    cik: doc.cik,
    profile: profile ? { exchange: profile.exchange, fye: profile.fye, sic: profile.sic } : profile,
    annual: group(doc.annual),
    quarterly: group(doc.quarterly),
    balances: group(doc.balances),
    dilutedShares: series(doc.dilutedShares),
    sharesLatest: doc.sharesLatest,
  };
}

function packInputs(): Record<string, string> {
  const files: Record<string, string> = {};
  const read = (rel: string) => readFileSync(join(SRC, rel), 'utf8');
  for (const [rel, columns] of Object.entries(CSV_COLUMNS)) files[rel] = cutCsv(read(rel), columns);
  const [indexHeader, ...indexRows] = parseCsv(read('prices/daily_index.csv'));
  const fileColumn = indexHeader!.indexOf('file');
  for (const r of indexRows) {
    const rel = r[fileColumn];
    if (rel) files[rel] = cutCsv(read(rel), '*');
  }
  for (const f of readdirSync(join(SRC, 'prices/daily_yf_adjusted_2015_2025')).filter((f) => f.endsWith('.csv') && !f.startsWith('_')))
    files[`prices/daily_yf_adjusted_2015_2025/${f}`] = cutCsv(read(`prices/daily_yf_adjusted_2015_2025/${f}`), ['date', 'close'], 1);
  for (const f of readdirSync(join(SRC, 'fundamentals/sec_companyfacts_derived')).filter((f) => f.endsWith('.json')))
    files[`fundamentals/sec_companyfacts_derived/${f}`] = JSON.stringify(cutPlainsight(JSON.parse(read(`fundamentals/sec_companyfacts_derived/${f}`))));
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}

const files = packInputs();
const body = gzipSync(JSON.stringify({ version: 1, files }), { level: 9 });
writeFileSync(join(ROOT, PREPARE_INPUTS_FILE), body);
const raw = Object.values(files).reduce((n, t) => n + Buffer.byteLength(t), 0);
console.log(`${PREPARE_INPUTS_FILE}: ${Object.keys(files).length} files, ${(raw / 1e6).toFixed(1)} MB of text, ${(body.length / 1e6).toFixed(2)} MB gzipped`);
