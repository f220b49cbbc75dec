import { buildStatementSet, deriveFreeCashFlow, nearestShares, restateForSplits } from '../../../../core/market/normalize.ts';
import { type CompanyFactsJson, flattenCompanyFacts, mapSecFacts, type PeriodValues } from '../../../../core/market/sec-facts.ts';
import type { SplitEvent } from '../../../../core/market/split-adjust.ts';
import type { Figure, Fundamentals, Profile } from '../../../../core/market/types.ts';
import { fetchJson, type FetchJsonOptions } from '../http.ts';
import type { FetchLike, MarketDataProvider } from '../types.ts';

/** The parts of EDGAR's submissions answer we read (data.sec.gov/submissions/CIK##########.json). */
export interface SecSubmissionsJson {
  cik: string;
  name: string;
  sicDescription?: string;
  tickers?: string[];
  exchanges?: string[];
  fiscalYearEnd?: string;
  addresses?: { business?: { city?: string; stateOrCountry?: string } };
}

/** www.sec.gov/files/company_tickers.json: {"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, …}. */
export type SecCompanyTickersJson = Record<string, { cik_str: number; ticker: string; title: string }>;

export interface SecEdgarOptions extends Omit<FetchJsonOptions, 'fetch' | 'headers'> {
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

function toFigures(values: PeriodValues): Map<string, Map<string, Figure & { value: number }>> {
  const out = new Map<string, Map<string, Figure & { value: number }>>();
  for (const [end, m] of values) {
    out.set(end, new Map([...m].map(([k, v]) => [k, { value: v.value, source: SOURCE, as_of: v.filed }])));
  }
  return out;
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
      const mapped = mapSecFacts(flattenCompanyFacts(doc));
      const annual = toFigures(mapped.annual);
      const quarterly = toFigures(mapped.quarterly);
      const splits = (await options.lookupSplits?.(symbol)) ?? [];
      const latest = [...annual.entries()]
        .filter(([, m]) => m.has('shares_diluted'))
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))
        .at(-1);
      const latestShares = latest?.[1].get('shares_diluted')?.value ?? null;
      const notes: string[] = [];
      const n = restateForSplits(annual, splits, () => latestShares) + restateForSplits(quarterly, splits, (end) => nearestShares(annual, end));
      if (n > 0) notes.push(`${n} per-share or share-count figures restated for later splits.`);
      const fcf = (value: number, ocf: Figure, capex: Figure) => ({
        value,
        source: SOURCE,
        as_of: (ocf.as_of ?? '') > (capex.as_of ?? '') ? ocf.as_of : capex.as_of,
      });
      deriveFreeCashFlow(annual, fcf);
      deriveFreeCashFlow(quarterly, fcf);
      const a = buildStatementSet(annual, 'annual', 12);
      if (a.periods.length === 0) return null;
      return { symbol, currency: 'USD', annual: a, quarterly: buildStatementSet(quarterly, 'quarterly', 20), split_adjusted: true, notes };
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
