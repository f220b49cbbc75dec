import { type SQL, sql } from 'drizzle-orm';
import type { StoredBar } from '../../../core/market/stored-bars.ts';
import type { Database, Queryable } from '../../adapters/db/index.ts';

export type IngestDataset = 'prices' | 'corporate_actions' | 'filings';

/** A bar to store: the vendor's raw prices of one symbol and day. */
export interface BarRow extends StoredBar {
  symbol: string;
  source: string;
}

export interface SplitRow {
  symbol: string;
  exDate: string;
  ratio: number;
  source: string;
}

export interface DividendRow {
  symbol: string;
  exDate: string;
  payDate: string | null;
  cashAmount: number;
  source: string;
}

export interface RefusalRow {
  key: string;
  code: string;
  reason: string;
}

export interface IngestRun {
  dataset: IngestDataset;
  day: string;
  status: 'running' | 'done' | 'refused';
  attempts: number;
  stored: number;
  skipped: number;
  refused: number;
  detail: string | null;
  startedAt: string;
  finishedAt: string | null;
}

/** What a claim found: the day is ours to ingest, already stored, or another process holds a live lease on it. */
export type ClaimOutcome = { claimed: true; attempt: number } | { claimed: false; status: 'done' | 'running' };

/** Rows per INSERT: 9 bound values a bar keeps a statement under PostgreSQL's 65,535-parameter limit. */
const CHUNK = 1_000;

const iso = (d: Date) => d.toISOString();
const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

async function insertChunks<T>(tx: Queryable, rows: readonly T[], build: (chunk: readonly T[]) => SQL): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.query(build(rows.slice(i, i + CHUNK)));
}

/** All SQL of the market-data store: bars, corporate actions, ingestion runs and refusals. */
const inList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export function createMarketDataStore(db: Database) {
  return {
    /**
     * Takes the day for this process: a new day, a refused one (retried) or one whose lease ran out (its process
     * died) is claimed in one statement; a done day or a live lease is not. Atomic on both engines: of two
     * processes racing, one inserts or updates the row and the other finds the lease taken.
     */
    async claimDay(dataset: IngestDataset, onDay: string, now: Date, leaseMs: number): Promise<ClaimOutcome> {
      const leaseUntil = new Date(now.getTime() + leaseMs);
      const [row] = await db.query<{ attempts: number }>(sql`
        INSERT INTO market_ingest_runs (dataset, day, status, lease_until, attempts, started_at)
        VALUES (${dataset}, ${onDay}::date, 'running', ${iso(leaseUntil)}::timestamptz, 1, ${iso(now)}::timestamptz)
        ON CONFLICT (dataset, day) DO UPDATE SET status = 'running', lease_until = EXCLUDED.lease_until,
          attempts = market_ingest_runs.attempts + 1, started_at = EXCLUDED.started_at, detail = NULL, finished_at = NULL
        WHERE market_ingest_runs.status = 'refused'
           OR (market_ingest_runs.status = 'running' AND market_ingest_runs.lease_until < EXCLUDED.started_at)
        RETURNING attempts`);
      if (row) return { claimed: true, attempt: Number(row.attempts) };
      const [held] = await db.query<{ status: 'done' | 'running' }>(
        sql`SELECT status FROM market_ingest_runs WHERE dataset = ${dataset} AND day = ${onDay}::date`,
      );
      return { claimed: false, status: held?.status === 'done' ? 'done' : 'running' };
    },

    /**
     * Stores a claimed day in one transaction: its bars (a row already there is kept: re-running a day changes
     * nothing), its refusals and its outcome. Throws, storing nothing, when the lease was lost meanwhile.
     */
    async completePricesDay(onDay: string, input: { bars: readonly BarRow[]; refusals: readonly RefusalRow[]; skipped: number }, now: Date) {
      return db.transaction(async (tx) => {
        const at = iso(now);
        await insertBars(tx, input.bars, at);
        await insertRefusals(tx, 'prices', onDay, input.refusals, at);
        await markDayDone(tx, 'prices', onDay, { stored: input.bars.length, skipped: input.skipped, refused: input.refusals.length }, at);
      });
    },

    /** Stores a claimed day's corporate actions (splits and dividends) the same way. */
    async completeCorporateActionsDay(
      onDay: string,
      input: { splits: readonly SplitRow[]; dividends: readonly DividendRow[]; refusals: readonly RefusalRow[]; skipped: number },
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        const at = iso(now);
        await insertSplits(tx, input.splits, at);
        await insertChunks(
          tx,
          input.dividends,
          (chunk) => sql`
            INSERT INTO market_dividends (symbol, ex_date, pay_date, cash_amount, source, ingested_at)
            VALUES ${sql.join(
              chunk.map((d) => sql`(${d.symbol}, ${d.exDate}::date, ${d.payDate}::date, ${d.cashAmount}, ${d.source}, ${at}::timestamptz)`),
              sql`, `,
            )}
            ON CONFLICT (symbol, ex_date) DO NOTHING`,
        );
        await insertRefusals(tx, 'corporate_actions', onDay, input.refusals, at);
        const counts = { stored: input.splits.length + input.dividends.length, skipped: input.skipped, refused: input.refusals.length };
        await markDayDone(tx, 'corporate_actions', onDay, counts, at);
      });
    },

    /** A vendor answer refused as a whole (truncated, unknown units): nothing stored, retried on the next cycle. */
    async refuseDay(dataset: IngestDataset, onDay: string, detail: string, refusals: readonly RefusalRow[], now: Date) {
      await db.transaction(async (tx) => {
        const at = iso(now);
        await insertRefusals(tx, dataset, onDay, refusals, at);
        await tx.query(sql`
          UPDATE market_ingest_runs SET status = 'refused', detail = ${detail}, refused = ${refusals.length}, finished_at = ${at}::timestamptz
          WHERE dataset = ${dataset} AND day = ${onDay}::date AND status = 'running'`);
      });
    },

    /** The newest day a dataset was stored for, or null before the first. */
    async readNewestDay(dataset: IngestDataset): Promise<string | null> {
      const [row] = await db.query<{ d: unknown }>(sql`SELECT max(day) AS d FROM market_ingest_runs WHERE dataset = ${dataset} AND status = 'done'`);
      return row?.d ? day(row.d) : null;
    },

    /** Stored bars of one symbol after `afterDay` (all when null), ascending. */
    async readBars(symbol: string, afterDay: string | null): Promise<StoredBar[]> {
      const rows = await db.query<{ day: unknown; open: number; high: number; low: number; close: number; volume: number | null }>(sql`
        SELECT day, open, high, low, close, volume FROM market_bars
        WHERE symbol = ${symbol} AND (${afterDay}::date IS NULL OR day > ${afterDay}::date) ORDER BY day`);
      return rows.map((r) => ({ date: day(r.day), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume }));
    },

    /** Stored bars of every symbol after `afterDay`, grouped by symbol (the universe's closes on a new data day). */
    async readBarsAfter(afterDay: string): Promise<Map<string, StoredBar[]>> {
      const rows = await db.query<{ symbol: string; day: unknown; open: number; high: number; low: number; close: number; volume: number | null }>(sql`
        SELECT symbol, day, open, high, low, close, volume FROM market_bars WHERE day > ${afterDay}::date ORDER BY symbol, day`);
      const out = new Map<string, StoredBar[]>();
      for (const r of rows) {
        const list = out.get(r.symbol) ?? [];
        list.push({ date: day(r.day), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume });
        out.set(r.symbol, list);
      }
      return out;
    },

    /**
     * Each symbol's last stored close before `beforeDay`: what the next day's bars are checked against. Walked
     * symbol by symbol on the (symbol, day) key — the next symbol after the last, then its newest day before
     * `beforeDay` — two index probes a symbol: DISTINCT ON read the whole table, 51 s for 35 M bars (7,000 symbols
     * × 20 years, bench/market-scale.bench.ts) against 0.3 s this way; the same rows.
     */
    async readLastCloses(beforeDay: string): Promise<Map<string, { date: string; close: number }>> {
      const rows = await db.query<{ symbol: string; day: unknown; close: number }>(sql`
        WITH RECURSIVE symbols AS (
          (SELECT symbol FROM market_bars ORDER BY symbol LIMIT 1)
          UNION ALL
          SELECT (SELECT b.symbol FROM market_bars b WHERE b.symbol > s.symbol ORDER BY b.symbol LIMIT 1) FROM symbols s WHERE s.symbol IS NOT NULL
        )
        SELECT last.symbol, last.day, last.close FROM symbols s
        CROSS JOIN LATERAL (
          SELECT b.symbol, b.day, b.close FROM market_bars b WHERE b.symbol = s.symbol AND b.day < ${beforeDay}::date ORDER BY b.day DESC LIMIT 1
        ) last`);
      return new Map(rows.map((r) => [r.symbol, { date: day(r.day), close: r.close }]));
    },

    /** Splits with their ex-date on `onDay` (stored by that day's corporate actions, before its bars). */
    async readSplitsOn(onDay: string): Promise<SplitRow[]> {
      const rows = await db.query<{ symbol: string; ratio: number; source: string }>(
        sql`SELECT symbol, ratio, source FROM market_splits WHERE ex_date = ${onDay}::date ORDER BY symbol`,
      );
      return rows.map((r) => ({ symbol: r.symbol, exDate: onDay, ratio: r.ratio, source: r.source }));
    },

    async readSplits(symbol: string): Promise<SplitRow[]> {
      const rows = await db.query<{ ex_date: unknown; ratio: number; source: string }>(
        sql`SELECT ex_date, ratio, source FROM market_splits WHERE symbol = ${symbol} ORDER BY ex_date`,
      );
      return rows.map((r) => ({ symbol, exDate: day(r.ex_date), ratio: r.ratio, source: r.source }));
    },

    /** Every stored split after `afterDay`, by symbol (a split moves every earlier price of its symbol). */
    async readSplitsAfter(afterDay: string): Promise<Map<string, SplitRow[]>> {
      const rows = await db.query<{ symbol: string; ex_date: unknown; ratio: number; source: string }>(
        sql`SELECT symbol, ex_date, ratio, source FROM market_splits WHERE ex_date > ${afterDay}::date ORDER BY symbol, ex_date`,
      );
      const out = new Map<string, SplitRow[]>();
      for (const r of rows) out.set(r.symbol, [...(out.get(r.symbol) ?? []), { symbol: r.symbol, exDate: day(r.ex_date), ratio: r.ratio, source: r.source }]);
      return out;
    },

    async readDividends(symbol: string): Promise<DividendRow[]> {
      const rows = await db.query<{ ex_date: unknown; pay_date: unknown; cash_amount: number; source: string }>(
        sql`SELECT ex_date, pay_date, cash_amount, source FROM market_dividends WHERE symbol = ${symbol} ORDER BY ex_date`,
      );
      return rows.map((r) => ({ symbol, exDate: day(r.ex_date), payDate: r.pay_date ? day(r.pay_date) : null, cashAmount: r.cash_amount, source: r.source }));
    },

    /**
     * The store-aware universe's three bulk reads (stored-universe.ts): one query each for the bars since `sinceDay`,
     * every split and the dividends since `sinceDay` of `symbols`, grouped by symbol — never one query per symbol.
     */
    async readBarsOf(symbols: readonly string[], sinceDay: string): Promise<Map<string, StoredBar[]>> {
      const out = new Map<string, StoredBar[]>();
      if (symbols.length === 0) return out;
      // One row per symbol, each column one comma-joined string in day order: a row per bar cost the driver a row
      // object, a Date and five strings per bar (~6 µs; 17.7 s of the 30 s budget at 2.84 M bars, issue 32 figure 3),
      // and V8 splits a long string far faster than the driver builds rows. `day::text` is ISO (YYYY-MM-DD) under the
      // DateStyle both databases default to; a missing volume is the empty string.
      const rows = await db.query<{ symbol: string; days: string; opens: string; highs: string; lows: string; closes: string; volumes: string }>(sql`
        SELECT symbol,
          string_agg(day::text, ',' ORDER BY day) AS days,
          string_agg(open::text, ',' ORDER BY day) AS opens,
          string_agg(high::text, ',' ORDER BY day) AS highs,
          string_agg(low::text, ',' ORDER BY day) AS lows,
          string_agg(close::text, ',' ORDER BY day) AS closes,
          string_agg(coalesce(volume::text, ''), ',' ORDER BY day) AS volumes
        FROM market_bars
        WHERE symbol IN (${inList(symbols)}) AND day >= ${sinceDay}::date
        GROUP BY symbol`);
      // One string per calendar day, shared by every symbol's bars (2.9 M bars over 500 distinct days at a whole market).
      const dates = new Map<string, string>();
      for (const r of rows) {
        const days = r.days.split(',');
        const opens = r.opens.split(',');
        const highs = r.highs.split(',');
        const lows = r.lows.split(',');
        const closes = r.closes.split(',');
        const volumes = r.volumes.split(',');
        const list: StoredBar[] = new Array(days.length);
        for (let i = 0; i < days.length; i++) {
          const d = days[i]!;
          let date = dates.get(d);
          if (date === undefined) {
            date = d;
            dates.set(d, d);
          }
          const volume = volumes[i]!;
          list[i] = {
            date,
            open: Number(opens[i]),
            high: Number(highs[i]),
            low: Number(lows[i]),
            close: Number(closes[i]),
            volume: volume === '' ? null : Number(volume),
          };
        }
        out.set(r.symbol, list);
      }
      return out;
    },

    async readSplitsOf(symbols: readonly string[]): Promise<Map<string, SplitRow[]>> {
      const out = new Map<string, SplitRow[]>();
      if (symbols.length === 0) return out;
      const rows = await db.query<{ symbol: string; ex_date: unknown; ratio: number; source: string }>(
        sql`SELECT symbol, ex_date, ratio, source FROM market_splits WHERE symbol IN (${inList(symbols)}) ORDER BY symbol, ex_date`,
      );
      for (const r of rows)
        out.set(r.symbol, [...(out.get(r.symbol) ?? []), { symbol: r.symbol, exDate: day(r.ex_date), ratio: Number(r.ratio), source: r.source }]);
      return out;
    },

    async readDividendsOf(symbols: readonly string[], sinceDay: string): Promise<Map<string, DividendRow[]>> {
      const out = new Map<string, DividendRow[]>();
      if (symbols.length === 0) return out;
      const rows = await db.query<{ symbol: string; ex_date: unknown; pay_date: unknown; cash_amount: number; source: string }>(sql`
        SELECT symbol, ex_date, pay_date, cash_amount, source FROM market_dividends
        WHERE symbol IN (${inList(symbols)}) AND ex_date >= ${sinceDay}::date ORDER BY symbol, ex_date`);
      for (const r of rows) {
        const row = {
          symbol: r.symbol,
          exDate: day(r.ex_date),
          payDate: r.pay_date ? day(r.pay_date) : null,
          cashAmount: Number(r.cash_amount),
          source: r.source,
        };
        out.set(r.symbol, [...(out.get(r.symbol) ?? []), row]);
      }
      return out;
    },

    /** The newest runs, for `npm run data:refresh` and the operator. */
    async listRuns(limit: number): Promise<IngestRun[]> {
      const rows = await db.query<Record<string, unknown>>(sql`
        SELECT dataset, day, status, attempts, stored, skipped, refused, detail, started_at, finished_at
        FROM market_ingest_runs ORDER BY day DESC, dataset LIMIT ${limit}`);
      return rows.map((r) => ({
        dataset: r.dataset as IngestDataset,
        day: day(r.day),
        status: r.status as IngestRun['status'],
        attempts: Number(r.attempts),
        stored: Number(r.stored),
        skipped: Number(r.skipped),
        refused: Number(r.refused),
        detail: (r.detail as string | null) ?? null,
        startedAt: String(r.started_at),
        finishedAt: r.finished_at === null ? null : String(r.finished_at),
      }));
    },

    async listRefusals(dataset: IngestDataset, onDay: string): Promise<RefusalRow[]> {
      return db.query<RefusalRow>(
        sql`SELECT item_key AS key, code, reason FROM market_refusals WHERE dataset = ${dataset} AND day = ${onDay}::date ORDER BY id`,
      );
    },
  };
}

/** Raw bars into market_bars; a row already there is kept (re-storing a day or a backfill changes nothing). */
export async function insertBars(tx: Queryable, bars: readonly BarRow[], at: string): Promise<void> {
  await insertChunks(
    tx,
    bars,
    (chunk) => sql`
      INSERT INTO market_bars (symbol, day, open, high, low, close, volume, source, ingested_at)
      VALUES ${sql.join(
        chunk.map(
          (b) =>
            sql`(${b.symbol}, ${b.date}::date, ${b.open}, ${b.high}, ${b.low}, ${b.close}, ${b.volume === null ? null : Math.round(b.volume)}, ${b.source}, ${at}::timestamptz)`,
        ),
        sql`, `,
      )}
      ON CONFLICT (symbol, day) DO NOTHING`,
  );
}

/** Splits into market_splits; a split already there is kept. */
export async function insertSplits(tx: Queryable, splits: readonly SplitRow[], at: string): Promise<void> {
  await insertChunks(
    tx,
    splits,
    (chunk) => sql`
      INSERT INTO market_splits (symbol, ex_date, ratio, source, ingested_at)
      VALUES ${sql.join(
        chunk.map((s) => sql`(${s.symbol}, ${s.exDate}::date, ${s.ratio}, ${s.source}, ${at}::timestamptz)`),
        sql`, `,
      )}
      ON CONFLICT (symbol, ex_date) DO NOTHING`,
  );
}

/** The day's outcome, in the storing transaction: throws (rolling it back) when another process took the lease over. */
async function markDayDone(tx: Queryable, dataset: IngestDataset, onDay: string, counts: { stored: number; skipped: number; refused: number }, at: string) {
  const done = await tx.query(sql`
    UPDATE market_ingest_runs SET status = 'done', stored = ${counts.stored}, skipped = ${counts.skipped},
      refused = ${counts.refused}, finished_at = ${at}::timestamptz
    WHERE dataset = ${dataset} AND day = ${onDay}::date AND status = 'running' RETURNING day`);
  if (done.length !== 1) throw new Error(`market ingest: the lease on ${dataset.replace('_', ' ')} ${onDay} was lost; nothing stored`);
}

async function insertRefusals(tx: Queryable, dataset: IngestDataset, onDay: string, refusals: readonly RefusalRow[], at: string) {
  await insertChunks(
    tx,
    refusals,
    (chunk) => sql`
      INSERT INTO market_refusals (dataset, day, item_key, code, reason, refused_at)
      VALUES ${sql.join(
        chunk.map((r) => sql`(${dataset}, ${onDay}::date, ${r.key}, ${r.code}, ${r.reason}, ${at}::timestamptz)`),
        sql`, `,
      )}`,
  );
}

export type MarketDataStore = ReturnType<typeof createMarketDataStore>;
