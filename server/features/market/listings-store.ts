import { type SQL, sql } from 'drizzle-orm';
import type { ListingRecord, ListingType } from '../../../core/market/listings.ts';
import type { Database, Queryable } from '../../adapters/db/index.ts';
import { type BarRow, insertBars, insertSplits, type RefusalRow, type SplitRow } from './market-data-store.ts';

/** A listing as the store holds it, with the span of the raw bars its backfill stored. */
export interface StoredListing {
  symbol: string;
  name: string;
  cik: string | null;
  exchange: string | null;
  type: ListingType;
  active: boolean;
  delistedOn: string | null;
  firstSeenOn: string;
  lastSeenOn: string;
  /** First and last day of the bars the backfill stored; null before it ran or when the vendor had none. */
  barsFrom: string | null;
  barsThrough: string | null;
  /** What EDGAR says the listing's filer does (market_sec_companies, by CIK): SIC code and title; null when not known. */
  sic: string | null;
  sicDescription: string | null;
}

/** What a claim found: the day is ours to ingest, already done, or another process holds a live lease on it. */
export type ListingsClaim = { claimed: true; attempt: number } | { claimed: false; status: 'done' | 'running' };

/** Rows per statement: 9 bound values a listing keeps an upsert far under PostgreSQL's 65,535-parameter limit. */
const CHUNK = 1_000;
const iso = (d: Date) => d.toISOString();
const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
const dayOrNull = (v: unknown) => (v === null || v === undefined ? null : day(v));

async function eachChunk<T>(rows: readonly T[], run: (chunk: readonly T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await run(rows.slice(i, i + CHUNK));
}

const inList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

async function insertRefusals(tx: Queryable, dataset: string, onDay: string, refusals: readonly RefusalRow[], at: string) {
  await eachChunk(refusals, async (chunk) => {
    await tx.query(sql`
      INSERT INTO market_refusals (dataset, day, item_key, code, reason, refused_at)
      VALUES ${sql.join(
        chunk.map((r) => sql`(${dataset}, ${onDay}::date, ${r.key}, ${r.code}, ${r.reason}, ${at}::timestamptz)`),
        sql`, `,
      )}`);
  });
}

/** All SQL of listings: the listings day (claimed once across processes), the listings themselves, the price backfill. */
export function createListingsStore(db: Database) {
  /** The newest version any reader of this store was answered (the listings reads and the universe share one store). */
  let seenVersion: string | null = null;
  return {
    /** Takes the listings day for this process, as market ingestion claims a market day (a new, refused or expired one). */
    async claimDay(onDay: string, now: Date, leaseMs: number): Promise<ListingsClaim> {
      const [row] = await db.query<{ attempts: number }>(sql`
        INSERT INTO market_listings_runs (day, status, lease_until, attempts, started_at)
        VALUES (${onDay}::date, 'running', ${iso(new Date(now.getTime() + leaseMs))}::timestamptz, 1, ${iso(now)}::timestamptz)
        ON CONFLICT (day) DO UPDATE SET status = 'running', lease_until = EXCLUDED.lease_until,
          attempts = market_listings_runs.attempts + 1, started_at = EXCLUDED.started_at, detail = NULL, finished_at = NULL
        WHERE market_listings_runs.status = 'refused'
           OR (market_listings_runs.status = 'running' AND market_listings_runs.lease_until < EXCLUDED.started_at)
        RETURNING attempts`);
      if (row) return { claimed: true, attempt: Number(row.attempts) };
      const [held] = await db.query<{ status: string }>(sql`SELECT status FROM market_listings_runs WHERE day = ${onDay}::date`);
      return { claimed: false, status: held?.status === 'done' ? 'done' : 'running' };
    },

    /** An answer refused as a whole: nothing stored, nobody delisted, the reasons kept; retried on the next cycle. */
    async refuseDay(onDay: string, detail: string, refusals: readonly RefusalRow[], now: Date) {
      await db.transaction(async (tx) => {
        const at = iso(now);
        await insertRefusals(tx, 'listings', onDay, refusals, at);
        await tx.query(sql`
          UPDATE market_listings_runs SET status = 'refused', detail = ${detail}, refused = ${refusals.length}, finished_at = ${at}::timestamptz
          WHERE day = ${onDay}::date AND status = 'running'`);
      });
    },

    /** Symbols stored as listed: what a symbol missing from today's active list is compared with. */
    async readActiveSymbols(): Promise<Set<string>> {
      const rows = await db.query<{ symbol: string }>(sql`SELECT symbol FROM market_listings WHERE active`);
      return new Set(rows.map((r) => r.symbol));
    },

    /**
     * Stores a claimed listings day in one transaction: each listing inserted or updated only where something differs
     * (re-running a day changes nothing, not even updated_at), the symbols gone from the active list marked delisted
     * as of the day (never deleted), the refusals, and the outcome. Throws, storing nothing, when the lease was lost.
     */
    async completeDay(
      onDay: string,
      input: { listings: readonly ListingRecord[]; goneFromActive: readonly string[]; refusals: readonly RefusalRow[] },
      now: Date,
    ): Promise<{ stored: number; delisted: number }> {
      return db.transaction(async (tx) => {
        const at = iso(now);
        let stored = 0;
        let delisted = 0;
        await eachChunk(input.listings, async (chunk) => {
          const rows = await tx.query<{ symbol: string }>(sql`
            INSERT INTO market_listings (symbol, name, cik, exchange, type, active, delisted_on, first_seen_on, last_seen_on, source, updated_at)
            VALUES ${sql.join(
              chunk.map(
                (l) =>
                  sql`(${l.symbol}, ${l.name}, ${l.cik}, ${l.exchange}, ${l.type}, ${l.active}, ${l.delisted_on}::date, ${onDay}::date, ${onDay}::date, ${l.source}, ${at}::timestamptz)`,
              ),
              sql`, `,
            )}
            ON CONFLICT (symbol) DO UPDATE SET name = EXCLUDED.name, cik = EXCLUDED.cik, exchange = EXCLUDED.exchange, type = EXCLUDED.type,
              active = EXCLUDED.active, delisted_on = EXCLUDED.delisted_on, source = EXCLUDED.source,
              last_seen_on = GREATEST(market_listings.last_seen_on, EXCLUDED.last_seen_on), updated_at = EXCLUDED.updated_at
            WHERE (market_listings.name, market_listings.cik, market_listings.exchange, market_listings.type, market_listings.active,
                   market_listings.delisted_on, market_listings.source)
                  IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.cik, EXCLUDED.exchange, EXCLUDED.type, EXCLUDED.active, EXCLUDED.delisted_on, EXCLUDED.source)
               OR market_listings.last_seen_on < EXCLUDED.last_seen_on
            RETURNING symbol`);
          stored += rows.length;
        });
        await eachChunk(input.goneFromActive, async (chunk) => {
          const rows = await tx.query<{ symbol: string }>(sql`
            UPDATE market_listings SET active = false, delisted_on = ${onDay}::date, updated_at = ${at}::timestamptz
            WHERE symbol IN (${inList(chunk)}) AND active RETURNING symbol`);
          delisted += rows.length;
        });
        await insertRefusals(tx, 'listings', onDay, input.refusals, at);
        const done = await tx.query(sql`
          UPDATE market_listings_runs SET status = 'done', stored = ${stored}, delisted = ${delisted}, refused = ${input.refusals.length},
            finished_at = ${at}::timestamptz
          WHERE day = ${onDay}::date AND status = 'running' RETURNING day`);
        if (done.length !== 1) throw new Error(`listings ingest: the lease on ${onDay} was lost; nothing stored`);
        return { stored, delisted };
      });
    },

    /**
     * Every stored listing, active and delisted (the in-process listings a process serves search and symbols from),
     * with its filer's SIC where the EDGAR cycle stored one (market_sec_companies, written by sec-facts-store.ts).
     */
    async readListings(): Promise<StoredListing[]> {
      const rows = await db.query<Record<string, unknown>>(sql`
        SELECT l.symbol, l.name, l.cik, l.exchange, l.type, l.active, l.delisted_on, l.first_seen_on, l.last_seen_on, l.bars_from, l.bars_through,
          c.sic, c.sic_description
        FROM market_listings l LEFT JOIN market_sec_companies c ON c.cik = l.cik
        ORDER BY l.symbol`);
      return rows.map((r) => ({
        symbol: String(r.symbol),
        name: String(r.name),
        cik: (r.cik as string | null) ?? null,
        exchange: (r.exchange as string | null) ?? null,
        type: r.type as ListingType,
        active: r.active === true,
        delistedOn: dayOrNull(r.delisted_on),
        firstSeenOn: day(r.first_seen_on),
        lastSeenOn: day(r.last_seen_on),
        barsFrom: dayOrNull(r.bars_from),
        barsThrough: dayOrNull(r.bars_through),
        sic: (r.sic as string | null) ?? null,
        sicDescription: (r.sic_description as string | null) ?? null,
      }));
    },

    /**
     * A stamp that changes whenever a listing or a filer's SIC does (two index probes): a process reloads its listings
     * (and the universe built on them) when it moves. Null with no listing stored.
     */
    async readVersion(): Promise<string | null> {
      // Rows are never deleted and every insert or change sets updated_at: its maximum moves with any change.
      const [row] = await db.query<{ l: unknown; c: unknown }>(
        sql`SELECT (SELECT max(updated_at) FROM market_listings) AS l, (SELECT max(updated_at) FROM market_sec_companies) AS c`,
      );
      const listings = row?.l ? new Date(String(row.l)).toISOString() : null;
      const version = listings && row?.c ? `${listings}|${new Date(String(row.c)).toISOString()}` : listings;
      if (version !== null) seenVersion = version;
      return version;
    },

    /**
     * The version the last probe answered, whoever asked (no query): a process's listings compare it with their own, so
     * once the universe's probe has seen a change the profiles it is built from are reloaded before they are read.
     */
    readSeenVersion: (): string | null => seenVersion,

    /**
     * Takes up to `limit` active stocks and ETFs whose prices were never backfilled, newest listings first, skipping
     * `exclude` (symbols the bundled snapshot has prices for) and those another process holds. Once across processes:
     * a lease in the row, taken with SKIP LOCKED.
     */
    async claimBackfill(limit: number, exclude: readonly string[], now: Date, leaseMs: number): Promise<Array<{ symbol: string; firstSeenOn: string }>> {
      const excluded = exclude.length > 0 ? sql`AND symbol NOT IN (${inList(exclude)})` : sql``;
      const rows = await db.query<{ symbol: string; first_seen_on: unknown }>(sql`
        UPDATE market_listings SET backfill_lease_until = ${iso(new Date(now.getTime() + leaseMs))}::timestamptz
        WHERE symbol IN (
          SELECT symbol FROM market_listings
          WHERE active AND type IN ('stock', 'etf') AND backfilled_through IS NULL
            AND (backfill_lease_until IS NULL OR backfill_lease_until < ${iso(now)}::timestamptz) ${excluded}
          ORDER BY first_seen_on DESC, symbol LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING symbol, first_seen_on`);
      return rows.map((r) => ({ symbol: r.symbol, firstSeenOn: day(r.first_seen_on) })).sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
    },

    /**
     * Stores one symbol's backfill in one transaction: its raw bars and splits through the market-data store's own
     * inserts (a row already there is kept), its refusals, and the span stored on the listing.
     */
    async completeBackfill(
      symbol: string,
      input: { bars: readonly BarRow[]; splits: readonly SplitRow[]; refusals: readonly RefusalRow[]; through: string },
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const at = iso(now);
        await insertBars(tx, input.bars, at);
        await insertSplits(tx, input.splits, at);
        await insertRefusals(tx, 'backfill', input.through, input.refusals, at);
        const first = input.bars[0]?.date ?? null;
        const last = input.bars.at(-1)?.date ?? null;
        await tx.query(sql`
          UPDATE market_listings SET bars_from = LEAST(bars_from, ${first}::date), bars_through = GREATEST(bars_through, ${last}::date),
            backfilled_through = ${input.through}::date, backfill_lease_until = NULL, updated_at = ${at}::timestamptz
          WHERE symbol = ${symbol}`);
      });
    },

    /** Leaves a symbol for a later cycle (the vendor failed, or has no bars yet for a new listing): its lease runs till `until`. */
    async postponeBackfill(symbol: string, until: Date): Promise<void> {
      await db.query(sql`UPDATE market_listings SET backfill_lease_until = ${iso(until)}::timestamptz WHERE symbol = ${symbol}`);
    },
  };
}

export type ListingsStore = ReturnType<typeof createListingsStore>;
