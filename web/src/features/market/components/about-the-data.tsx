import sourcesFile from '../../../../../data/sources.json';
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
        quotes. With live providers configured, quotes and history come from Yahoo Finance and financial statements from SEC EDGAR, with the snapshot as the
        fallback; every figure says where it came from and how old it is.
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
      <dl className="mt-4 grid max-w-3xl grid-cols-2 gap-3 text-sm sm:grid-cols-5">
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
