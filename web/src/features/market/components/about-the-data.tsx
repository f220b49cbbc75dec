import sourcesFile from '../../../../../data/sources.json';
import { CAPM_DEFAULTS } from '../../../../../core/analysis/dcf/assumptions.ts';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { DATA_AS_OF } from '../snapshot.ts';

const tierNote: Record<string, string> = {
  A: 'Open licence',
  B: 'Public-domain facts',
  C: 'Third-party data, rights unclear: demo data',
  'C-FMP': 'Proprietary origin: development data only',
};

/** Each dataset's own as-of date, as sources.json states it (data:prepare derives them from the data). */
const datasetDates: Array<[label: string, day: string | null, what: string]> = [
  ['Prices', sourcesFile.datasets.prices, 'last daily bar'],
  ['Fundamentals', sourcesFile.datasets.fundamentals, 'latest figure'],
  ['Listings', sourcesFile.datasets.listings, 'symbol directories'],
  ['ETFs', sourcesFile.datasets.etfs, 'holdings'],
  ['Dividends', sourcesFile.datasets.dividends, 'latest source'],
  ['Risk-free rate', CAPM_DEFAULTS.riskFreeRate.asOf, '10-year Treasury'],
];

/**
 * Each bundled dataset: whether it may be redistributed (public domain or open) or is vendor data redistributed for
 * demonstration only, and what replaces it in production. Only what the app has: a dataset without a configured
 * vendor says so (data/SOURCES.md, docs/market-data-store.md).
 */
const datasetRights: Array<{ dataset: string; bundled: string; status: 'public' | 'open' | 'demo' | 'dev'; production: string }> = [
  {
    dataset: 'Daily prices, month-end closes',
    bundled: 'Yahoo Finance, via public repositories',
    status: 'demo',
    production: 'Massive (licensed end-of-day vendor): every US trading day’s bars, ingested after the close (MASSIVE_API_KEY)',
  },
  {
    dataset: 'Dividends and splits',
    bundled: 'yfinance, IEX Cloud, via public repositories',
    status: 'demo',
    production: 'Massive’s splits and dividends, ingested daily (MASSIVE_API_KEY)',
  },
  {
    dataset: 'Financial statements',
    bundled: 'SEC EDGAR company facts',
    status: 'public',
    production: 'SEC EDGAR, read live (MARKET_PROVIDER=live)',
  },
  {
    dataset: 'Statement detail lines (103 stocks)',
    bundled: 'Financial Modeling Prep, via a public repository',
    status: 'dev',
    production: 'SEC EDGAR company facts, read live (MARKET_PROVIDER=live)',
  },
  {
    dataset: 'ETF holdings, expense ratios, yields',
    bundled: 'Issuer holdings files (2025); stockanalysis.com (2022)',
    status: 'demo',
    production: 'No licensed ETF vendor is configured: the operator loads dated issuer files (npm run admin -- load-etf)',
  },
  {
    dataset: 'Risk-free rate (DCF)',
    bundled: '10-year Treasury yield of 2024-12-31',
    status: 'public',
    production: 'US Treasury daily par yield curve, read every 6 hours (no key)',
  },
  {
    dataset: 'Equity risk premium (DCF)',
    bundled: 'Damodaran’s implied ERP of 2025-01-01 (NYU Stern), cited',
    status: 'open',
    production: 'No public-domain source: the operator sets it (npm run admin -- set-erp)',
  },
  {
    dataset: 'Listings (search)',
    bundled: 'Nasdaq Trader and NYSE symbol directories',
    status: 'open',
    production: "Massive's reference tickers, active and delisted, with the SEC's ticker → CIK file, once a day (MASSIVE_API_KEY)",
  },
];

const statusNote: Record<(typeof datasetRights)[number]['status'], string> = {
  public: 'Public domain (US government)',
  open: 'Open licence or cited figure',
  demo: 'Demo only: vendor data redistributed for demonstration',
  dev: 'Development data only (proprietary origin)',
};

const rightsColumns: DataTableColumn<(typeof datasetRights)[number]>[] = [
  { id: 'dataset', header: 'Dataset', cellClassName: 'text-fg', cell: (d) => d.dataset },
  {
    id: 'bundled',
    header: 'Bundled from',
    cellClassName: 'text-fg-muted',
    cell: (d) => (
      <>
        {d.bundled}
        <span className="block text-xs text-fg-subtle">{statusNote[d.status]}</span>
      </>
    ),
  },
  { id: 'production', header: 'In production', cellClassName: 'text-fg-muted', cell: (d) => d.production },
];

type Source = (typeof sourcesFile.sources)[number];
const sourceColumns: DataTableColumn<Source>[] = [
  {
    id: 'source',
    header: 'Source',
    cellClassName: 'text-fg',
    cell: (s) => (
      <>
        {s.name}
        <span className="block text-xs text-fg-subtle">{s.id}</span>
      </>
    ),
  },
  { id: 'provides', header: 'Provides', cellClassName: 'text-fg-muted', cell: (s) => s.provides },
  {
    id: 'licence',
    header: 'Licence',
    cellClassName: 'text-fg-muted',
    cell: (s) => (
      <>
        {s.licence}
        <span className="block text-xs text-fg-subtle">{tierNote[s.tier] ?? s.tier}</span>
      </>
    ),
  },
  { id: 'as-of', header: 'As of', cellClassName: 'whitespace-nowrap tabular text-fg-muted', cell: (s) => s.as_of },
];

/** "About the data": sources, licences, coverage and the as-of date of the bundled market snapshot. */
export function AboutTheData() {
  return (
    <section aria-labelledby="about-the-data" id="data" className="scroll-mt-24">
      <h2 id="about-the-data" className="text-xl font-semibold tracking-tight text-fg sm:text-2xl">
        About the data
      </h2>
      <p className="mt-4 max-w-3xl leading-relaxed text-fg-secondary">
        Out of the box Stockpilot runs on a bundled snapshot of real market data, <strong>as of {DATA_AS_OF}</strong>. Prices are delayed snapshots, not live
        quotes. Part of the snapshot is public domain (SEC EDGAR filings, US Treasury yields); the prices, corporate actions and ETF data are vendor data
        redistributed for demonstration only; the table below says what replaces each in production, and where no vendor is configured yet. Every figure says
        where it came from and how old it is.
      </p>
      <ul className="mt-4 grid max-w-3xl gap-2 text-sm text-fg-secondary sm:grid-cols-2">
        <li>
          <strong>Search:</strong> about 13,100 symbols listed on Nasdaq, NYSE, NYSE American, NYSE Arca, Cboe and IEX.
        </li>
        <li>
          <strong>Prices:</strong> daily bars 2021-07 to {DATA_AS_OF} for 103 large US stocks and 22 ETFs; month-end closes for the rest of the S&amp;P 500.
        </li>
        <li>
          <strong>Fundamentals:</strong> SEC financial statements for about 500 S&amp;P 500 companies, fiscal years 2015–2025 and recent quarters; per-share
          values split-adjusted.
        </li>
        <li>
          <strong>ETFs:</strong> holdings for SPY, QQQ and IWM (2025-10-31); expense ratios and yields for 11 funds (2022, stale).
        </li>
      </ul>
      <p className="mt-3 max-w-3xl text-sm text-fg-muted">
        “—” means a company did not report a figure; it is never shown as zero. Fiscal years are named by the date they end. Analyses are educational, not
        investment advice.
      </p>
      <dl className="mt-4 grid max-w-3xl grid-cols-2 gap-3 text-sm sm:grid-cols-6">
        {datasetDates.map(([label, day, what]) => (
          <div key={label}>
            <dt className="text-fg-subtle">{label} as of</dt>
            <dd className="tabular text-fg">
              {day ?? '—'}
              <span className="block text-xs text-fg-subtle">{what}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 max-w-3xl text-sm text-fg-muted">
        Every figure is checked across the whole universe before it is served; what was repaired, withheld (quarantined) or flagged as a vendor fault, and why,
        is in the{' '}
        <a href="/data/quality.md" className="font-medium text-brand-fg underline">
          data quality report
        </a>
        .
      </p>
      <DataTable
        columns={rightsColumns}
        rows={datasetRights}
        rowKey={(d) => d.dataset}
        caption="Which bundled datasets are demo-only, which are public domain, and what replaces each in production"
        className="mt-5"
        tableClassName="min-w-[40rem]"
        headClassName="border-b border-border text-xs text-fg-subtle"
        cellClassName="py-2 pr-3 last:pr-0"
        rowClassName="border-b border-border-subtle align-top last:border-0"
      />
      <DataTable
        columns={sourceColumns}
        rows={sourcesFile.sources}
        rowKey={(s) => s.id}
        caption="Data sources and licences"
        className="mt-5"
        tableClassName="min-w-[40rem]"
        headClassName="border-b border-border text-xs text-fg-subtle"
        cellClassName="py-2 pr-3 last:pr-0"
        rowClassName="border-b border-border-subtle align-top last:border-0"
      />
    </section>
  );
}
