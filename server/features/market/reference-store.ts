import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';

/** One stored rate: basis points (458 = 4.58 %), its day and its source. */
export interface StoredRate {
  asOf: string;
  bps: number;
  source: string;
}

export interface EtfHoldingRow {
  symbol: string;
  name: string;
  weightPct: number;
}

export interface EtfCostsRow {
  etf: string;
  asOf: string;
  expenseRatioPct: number | null;
  dividendYieldPct: number | null;
  assetsMusd: number | null;
  source: string;
}

export interface EtfHoldingsSet {
  etf: string;
  asOf: string;
  source: string;
  holdings: EtfHoldingRow[];
}

const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** Rows per INSERT: 6 bound values a holding keep a statement far under PostgreSQL's parameter limit. */
const CHUNK = 1_000;

/** All SQL of the store's reference data: the risk-free/ERP pair by day, ETF holdings and costs by day. */
export function createReferenceStore(db: Database) {
  return {
    /**
     * Stores the Treasury's days that are not stored yet, in one transaction: a day that already has a risk-free
     * rate keeps it (re-running changes nothing), a day that has only an operator's ERP gains the rate. Returns how
     * many days were new.
     */
    async storeRiskFreeDays(days: ReadonlyArray<{ day: string; bps: number }>, source: string, now: Date): Promise<number> {
      if (days.length === 0) return 0;
      return db.transaction(async (tx) => {
        let stored = 0;
        for (let i = 0; i < days.length; i += CHUNK) {
          const rows = await tx.query<{ as_of: unknown }>(sql`
            INSERT INTO market_rate_pairs (as_of, risk_free_rate_bps, risk_free_source, updated_at)
            VALUES ${sql.join(
              days.slice(i, i + CHUNK).map((d) => sql`(${d.day}::date, ${d.bps}, ${source}, ${now.toISOString()}::timestamptz)`),
              sql`, `,
            )}
            ON CONFLICT (as_of) DO UPDATE SET risk_free_rate_bps = EXCLUDED.risk_free_rate_bps, risk_free_source = EXCLUDED.risk_free_source,
              updated_at = EXCLUDED.updated_at
            WHERE market_rate_pairs.risk_free_rate_bps IS NULL
            RETURNING as_of`);
          stored += rows.length;
        }
        return stored;
      });
    },

    /** The operator's ERP for a day (replacing an earlier one of the same day: the operator corrects it). */
    async storeEquityRiskPremium(onDay: string, bps: number, source: string, now: Date): Promise<void> {
      await db.query(sql`
        INSERT INTO market_rate_pairs (as_of, equity_risk_premium_bps, equity_risk_premium_source, updated_at)
        VALUES (${onDay}::date, ${bps}, ${source}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (as_of) DO UPDATE SET equity_risk_premium_bps = EXCLUDED.equity_risk_premium_bps,
          equity_risk_premium_source = EXCLUDED.equity_risk_premium_source, updated_at = EXCLUDED.updated_at`);
    },

    /** The newest stored risk-free rate and the newest stored ERP (each may be on a different day), or null. */
    async readNewestRates(): Promise<{ riskFree: StoredRate | null; equityRiskPremium: StoredRate | null }> {
      const [rf] = await db.query<{ as_of: unknown; bps: number; source: string }>(sql`
        SELECT as_of, risk_free_rate_bps AS bps, risk_free_source AS source FROM market_rate_pairs
        WHERE risk_free_rate_bps IS NOT NULL ORDER BY as_of DESC LIMIT 1`);
      const [erp] = await db.query<{ as_of: unknown; bps: number; source: string }>(sql`
        SELECT as_of, equity_risk_premium_bps AS bps, equity_risk_premium_source AS source FROM market_rate_pairs
        WHERE equity_risk_premium_bps IS NOT NULL ORDER BY as_of DESC LIMIT 1`);
      const toRate = (r: typeof rf) => (r ? { asOf: day(r.as_of), bps: Number(r.bps), source: r.source } : null);
      return { riskFree: toRate(rf), equityRiskPremium: toRate(erp) };
    },

    /** Every stored risk-free day in [from, through], ascending (tests and the operator). */
    async listRiskFreeDays(from: string, through: string): Promise<StoredRate[]> {
      const rows = await db.query<{ as_of: unknown; bps: number; source: string }>(sql`
        SELECT as_of, risk_free_rate_bps AS bps, risk_free_source AS source FROM market_rate_pairs
        WHERE risk_free_rate_bps IS NOT NULL AND as_of BETWEEN ${from}::date AND ${through}::date ORDER BY as_of`);
      return rows.map((r) => ({ asOf: day(r.as_of), bps: Number(r.bps), source: r.source }));
    },

    /** One ETF's holdings on one day, replacing that day's list whole (a re-load of the same file changes nothing). */
    async storeEtfHoldings(set: EtfHoldingsSet, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query(sql`DELETE FROM market_etf_holdings WHERE etf = ${set.etf} AND as_of = ${set.asOf}::date`);
        for (let i = 0; i < set.holdings.length; i += CHUNK)
          await tx.query(sql`
            INSERT INTO market_etf_holdings (etf, as_of, holding_symbol, holding_name, weight_pct, source, loaded_at)
            VALUES ${sql.join(
              set.holdings
                .slice(i, i + CHUNK)
                .map((h) => sql`(${set.etf}, ${set.asOf}::date, ${h.symbol}, ${h.name}, ${h.weightPct}, ${set.source}, ${now.toISOString()}::timestamptz)`),
              sql`, `,
            )}`);
      });
    },

    /** One ETF's costs on one day (a re-load of the same day replaces it). */
    async storeEtfCosts(row: EtfCostsRow, now: Date): Promise<void> {
      await db.query(sql`
        INSERT INTO market_etf_costs (etf, as_of, expense_ratio_pct, dividend_yield_pct, assets_musd, source, loaded_at)
        VALUES (${row.etf}, ${row.asOf}::date, ${row.expenseRatioPct}, ${row.dividendYieldPct}, ${row.assetsMusd}, ${row.source}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (etf, as_of) DO UPDATE SET expense_ratio_pct = EXCLUDED.expense_ratio_pct, dividend_yield_pct = EXCLUDED.dividend_yield_pct,
          assets_musd = EXCLUDED.assets_musd, source = EXCLUDED.source, loaded_at = EXCLUDED.loaded_at`);
    },

    /** An ETF's newest stored holdings, or null. */
    async readNewestEtfHoldings(etf: string): Promise<EtfHoldingsSet | null> {
      const rows = await db.query<{ as_of: unknown; holding_symbol: string; holding_name: string; weight_pct: number; source: string }>(sql`
        SELECT as_of, holding_symbol, holding_name, weight_pct, source FROM market_etf_holdings
        WHERE etf = ${etf} AND as_of = (SELECT max(as_of) FROM market_etf_holdings WHERE etf = ${etf})
        ORDER BY weight_pct DESC, holding_symbol`);
      if (rows.length === 0) return null;
      return {
        etf,
        asOf: day(rows[0]!.as_of),
        source: rows[0]!.source,
        holdings: rows.map((r) => ({ symbol: r.holding_symbol, name: r.holding_name, weightPct: Number(r.weight_pct) })),
      };
    },

    /** An ETF's newest stored costs, or null. */
    async readNewestEtfCosts(etf: string): Promise<EtfCostsRow | null> {
      const [r] = await db.query<Record<string, unknown>>(sql`
        SELECT as_of, expense_ratio_pct, dividend_yield_pct, assets_musd, source FROM market_etf_costs
        WHERE etf = ${etf} ORDER BY as_of DESC LIMIT 1`);
      if (!r) return null;
      return {
        etf,
        asOf: day(r.as_of),
        expenseRatioPct: numOrNull(r.expense_ratio_pct),
        dividendYieldPct: numOrNull(r.dividend_yield_pct),
        assetsMusd: numOrNull(r.assets_musd),
        source: String(r.source),
      };
    },

    /** The newest day of any stored ETF fact, or null (the `etfs` dataset's date moves with it). */
    async readNewestEtfDay(): Promise<string | null> {
      const [r] = await db.query<{ d: unknown }>(sql`
        SELECT greatest((SELECT max(as_of) FROM market_etf_holdings), (SELECT max(as_of) FROM market_etf_costs)) AS d`);
      return r?.d ? day(r.d) : null;
    },
  };
}

export type ReferenceStore = ReturnType<typeof createReferenceStore>;
