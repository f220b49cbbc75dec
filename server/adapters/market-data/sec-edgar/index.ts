import { buildStatementSet } from '../../../../core/market/normalize.ts';
import { toFigurePeriods } from '../../../../core/market/normalizer/figures.ts';
import { cellOfSecValue, normalizeCompany, type Periods } from '../../../../core/market/normalizer/index.ts';
import { QualityLog } from '../../../../core/market/quality.ts';
import { type CompanyFactsJson, flattenCompanyFacts, mapSecFacts, type PeriodValues } from '../../../../core/market/sec-facts.ts';
import type { SplitEvent } from '../../../../core/market/split-adjust.ts';
import type { Fundamentals, Profile } from '../../../../core/market/types.ts';
import { fetchJson, type FetchJsonOptions } from '../http.ts';
import type { FetchLike, MarketDataProvider } from '../types.ts';

/** The parts of EDGAR's submissions answer we read (data.sec.gov/submissions/CIK##########.json). */
interface SecSubmissionsJson {
  cik: string;
  name: string;
  sicDescription?: string;
  tickers?: string[];
  exchanges?: string[];
  fiscalYearEnd?: string;
  addresses?: { business?: { city?: string; stateOrCountry?: string } };
}

/** www.sec.gov/files/company_tickers.json: {"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, …}. */
type SecCompanyTickersJson = Record<string, { cik_str: number; ticker: string; title: string }>;

interface SecEdgarOptions extends Omit<FetchJsonOptions, 'fetch' | 'headers'> {
  fetch: FetchLike;
  /** EDGAR refuses requests without a contact in the User-Agent ("Company admin@example.com"). */
  userAgent: string;
  /** CIK from our own data first (saves the company_tickers download). */
  lookupCik?: (symbol: string) => Promise<string | null>;
  /** True splits for restating per-share figures filed before a split. */
  lookupSplits?: (symbol: string) => Promise<SplitEvent[]>;
  dataBaseUrl?: string;
  wwwBaseUrl?: string;
}

const SOURCE = 'sec-edgar-live';

function toPeriods(values: PeriodValues): Periods {
  const out: Periods = new Map();
  for (const [end, m] of values) out.set(end, new Map([...m].map(([k, v]) => [k, cellOfSecValue(v, SOURCE)])));
  return out;
}

/**
 * Maps and normalises one companyfacts answer with the same normaliser as the bundled snapshot. A
 * document that is not a companyfacts answer throws (the caller falls back and caches nothing);
 * refused facts are served as null with their reason. Returns null without any annual period.
 */
export function buildLiveFundamentals(
  symbol: string,
  doc: CompanyFactsJson,
  splits: readonly SplitEvent[],
  log: QualityLog = new QualityLog(),
): Fundamentals | null {
  const flat = flattenCompanyFacts(doc);
  // Share counts alone are no statements: a filer reporting its amounts in another currency (an IFRS filer in euros:
  // every amount refused naming its unit) has none to serve, rather than years of empty lines.
  if (!flat.facts.some((f) => f.unit === 'USD')) return null;
  const mapped = mapSecFacts(flat.facts, flat.taxonomy);
  const company = normalizeCompany(
    {
      symbol,
      sources: [{ source: SOURCE, vintage: 'restated', annual: toPeriods(mapped.annual), quarterly: toPeriods(mapped.quarterly) }],
      splits,
      refused: [...flat.refused, ...mapped.refused],
    },
    log,
  );
  const annual = buildStatementSet(toFigurePeriods(company, 'annual'), 'annual', 12);
  if (annual.periods.length === 0) return null;
  const quarterly = buildStatementSet(toFigurePeriods(company, 'quarterly'), 'quarterly', 20);
  return { symbol, currency: 'USD', annual, quarterly, split_adjusted: true, notes: company.notes };
}

/** Fundamentals (companyfacts) and profiles (submissions) from SEC EDGAR, which asks for at most 10 requests a second. */
export function createSecEdgarProvider(options: SecEdgarOptions): MarketDataProvider {
  const data = options.dataBaseUrl ?? 'https://data.sec.gov';
  const www = options.wwwBaseUrl ?? 'https://www.sec.gov';
  const get = <T>(url: string) => fetchJson<T>(url, { ...options, headers: { 'user-agent': options.userAgent } });
  let tickers: Promise<Map<string, string>> | null = null;

  async function cikOf(symbol: string): Promise<string | null> {
    const own = await options.lookupCik?.(symbol);
    if (own) return own.padStart(10, '0');
    tickers ??= get<SecCompanyTickersJson>(`${www}/files/company_tickers.json`).then(
      (body) => new Map(Object.values(body ?? {}).map((t) => [t.ticker.toUpperCase().replace(/-/g, '.'), String(t.cik_str).padStart(10, '0')])),
    );
    tickers.catch(() => {
      tickers = null;
    });
    return (await tickers).get(symbol) ?? null;
  }

  return {
    id: 'sec-edgar',
    async getFundamentals(symbol): Promise<Fundamentals | null> {
      const cik = await cikOf(symbol);
      if (!cik) return null;
      const doc = await get<CompanyFactsJson>(`${data}/api/xbrl/companyfacts/CIK${cik}.json`);
      if (!doc) return null;
      return buildLiveFundamentals(symbol, doc, (await options.lookupSplits?.(symbol)) ?? []);
    },
    async getProfile(symbol): Promise<Profile | null> {
      const cik = await cikOf(symbol);
      if (!cik) return null;
      const s = await get<SecSubmissionsJson>(`${data}/submissions/CIK${cik}.json`);
      if (!s) return null;
      const city = s.addresses?.business?.city;
      const state = s.addresses?.business?.stateOrCountry;
      return {
        symbol,
        name: s.name,
        type: 'stock',
        exchange: s.exchanges?.[0] ?? null,
        sector: null,
        industry: null,
        sic_description: s.sicDescription ?? null,
        cik,
        headquarters: city ? `${city}${state ? `, ${state}` : ''}` : null,
        founded: null,
        fiscal_year_end: s.fiscalYearEnd ?? null,
        sp500: false,
        source: SOURCE,
      };
    },
  };
}
