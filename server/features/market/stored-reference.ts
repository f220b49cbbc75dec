import { CAPM_DEFAULTS } from '../../../core/analysis/dcf/assumptions.ts';
import { bpsToFraction, type CapmPair, type DatedRate, pickNewerRate } from '../../../core/market/reference-data.ts';
import type { DatasetAsOf, EtfInfo } from '../../../core/market/types.ts';
import type { SnapshotProvider } from '../../adapters/market-data/index.ts';
import type { ReferenceStore, StoredRate } from './reference-store.ts';

/** How long a process trusts its idea of the newest stored reference data before asking the database again. */
const RECHECK_MS = 60_000;

/** The pair the bundled code ships (core/analysis/dcf/assumptions.ts): the base layer of the risk-free/ERP pair. */
export const SNAPSHOT_CAPM_PAIR: CapmPair = {
  riskFreeRate: { ...CAPM_DEFAULTS.riskFreeRate },
  equityRiskPremium: { ...CAPM_DEFAULTS.equityRiskPremium },
};

const toDatedRate = (r: StoredRate | null): DatedRate | null => (r ? { value: bpsToFraction(r.bps), asOf: r.asOf, source: r.source } : null);
const maxDay = (a: string | null | undefined, b: string | null) => (!a ? b : b === null ? a : a > b ? a : b);

export interface StoredReference {
  /** The snapshot provider with ETF facts continued by the store and the dataset dates moved with it. */
  provider: SnapshotProvider;
  /** The risk-free rate and ERP every valuation uses: each the newer of the snapshot's and the store's. */
  readCapmPair(): Promise<CapmPair>;
  /** Asks the database again now (after an ingestion or an operator's load, and at start-up). */
  refresh(): Promise<void>;
}

/**
 * The snapshot's reference data with the store on top, the way stored-snapshot.ts continues prices: a stored
 * rate, ETF holdings list or ETF costs row newer than the snapshot's wins on read; an older or equal one does not.
 * Until anything is stored, ETF reads go straight to the snapshot (no query per read).
 */
export function createStoredReference(snapshot: SnapshotProvider, store: ReferenceStore, now: () => Date): StoredReference {
  let pair: CapmPair = SNAPSHOT_CAPM_PAIR;
  let etfDay: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    refreshing ??= (async () => {
      try {
        const [rates, newestEtf] = await Promise.all([store.readNewestRates(), store.readNewestEtfDay()]);
        pair = {
          riskFreeRate: pickNewerRate(SNAPSHOT_CAPM_PAIR.riskFreeRate, toDatedRate(rates.riskFree)),
          equityRiskPremium: pickNewerRate(SNAPSHOT_CAPM_PAIR.equityRiskPremium, toDatedRate(rates.equityRiskPremium)),
        };
        etfDay = newestEtf;
        checkedAt = now().getTime();
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  const refreshIfOld = async () => {
    if (refreshing) await refreshing;
    else if (now().getTime() - checkedAt > RECHECK_MS) await refresh();
  };

  async function getEtfInfo(symbol: string): Promise<EtfInfo | null> {
    const own = (await snapshot.getEtfInfo?.(symbol)) ?? null;
    await refreshIfOld();
    if (etfDay === null) return own;
    const [holdings, costs] = await Promise.all([store.readNewestEtfHoldings(symbol), store.readNewestEtfCosts(symbol)]);
    const newerHoldings = holdings && (!own?.holdings_as_of || holdings.asOf > own.holdings_as_of) ? holdings : null;
    const newerCosts = costs && (!own?.overview_as_of || costs.asOf > own.overview_as_of) ? costs : null;
    if (!newerHoldings && !newerCosts) return own;
    const base: EtfInfo = own ?? {
      symbol,
      name: (await snapshot.getListing(symbol))?.name ?? symbol,
      holdings: null,
      holdings_as_of: null,
      sector_weights: null,
      expense_ratio_pct: null,
      dividend_yield_pct: null,
      aum_musd: null,
      overview_as_of: null,
      sources: [],
    };
    let sources = [...base.sources];
    const out: EtfInfo = { ...base };
    if (newerHoldings) {
      out.holdings = newerHoldings.holdings.map((h) => ({ symbol: h.symbol, name: h.name, weight_pct: h.weightPct }));
      out.holdings_as_of = newerHoldings.asOf;
      // The snapshot's sector weights were derived from its own (older) holdings: they no longer describe these.
      out.sector_weights = null;
      sources = [...sources.filter((s) => s !== 'etf-issuers' && s !== 'etf-sectors'), newerHoldings.source];
    }
    if (newerCosts) {
      out.expense_ratio_pct = newerCosts.expenseRatioPct;
      out.dividend_yield_pct = newerCosts.dividendYieldPct;
      out.aum_musd = newerCosts.assetsMusd;
      out.overview_as_of = newerCosts.asOf;
      sources = [...sources.filter((s) => s !== 'stockanalysis'), newerCosts.source];
    }
    out.sources = [...new Set(sources)];
    return out;
  }

  const provider: SnapshotProvider = {
    ...snapshot,
    getEtfInfo,
    datasetsAsOf(): DatasetAsOf | null {
      const own = snapshot.datasetsAsOf();
      if (!own) return own;
      return { ...own, etfs: maxDay(own.etfs, etfDay), risk_free: pair.riskFreeRate.asOf };
    },
    async preload() {
      await Promise.all([snapshot.preload(), refresh()]);
    },
  };

  return {
    provider,
    async readCapmPair() {
      await refreshIfOld();
      return pair;
    },
    refresh,
  };
}
