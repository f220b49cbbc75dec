import { type SQL, sql } from 'drizzle-orm';
import type { IngestRefusal } from '../../../core/market/ingest-validation.ts';
import type { SecFiling, SecIndustry } from '../../../core/market/ingest-sec.ts';
import type { StorableFact } from '../../../core/market/sec-filings.ts';
import type { Fundamentals } from '../../../core/market/types.ts';
import type { Database, Queryable } from '../../adapters/db/index.ts';

export interface Filer {
  symbol: string;
  /** Ten digits, zero-padded. */
  cik: string;
}

export interface StoredStatements {
  symbol: string;
  cik: string;
  document: Fundamentals;
  filedThrough: string;
}

/** One fact row as stored (for point-in-time reads and the operator). */
export interface StoredFact {
  concept: string;
  unit: string;
  start: string | null;
  end: string;
  value: number;
  form: string | null;
  accession: string;
  filed: string;
  fy: number | null;
  fp: string | null;
}

/** Rows per INSERT: 12 bound values a fact keeps a statement far under PostgreSQL's 65,535-parameter limit. */
const CHUNK = 1_000;
const iso = (d: Date) => d.toISOString();
const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

async function insertChunks<T>(tx: Queryable, rows: readonly T[], build: (chunk: readonly T[]) => SQL): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += CHUNK) n += (await tx.query(build(rows.slice(i, i + CHUNK)))).length;
  return n;
}

/** All SQL of EDGAR fundamentals in the market-data store: facts point in time, filings seen, statements, filers. */
export function createSecFactsStore(db: Database) {
  return {
    /**
     * Takes the named lease for `holder` until `now + leaseMs`: free, expired (its process died) or already ours.
     * One statement, atomic on both engines: of two processes racing, one gets the row.
     */
    async acquireLease(name: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
      const rows = await db.query(sql`
        INSERT INTO market_leases (name, holder, lease_until) VALUES (${name}, ${holder}, ${iso(new Date(now.getTime() + leaseMs))}::timestamptz)
        ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, lease_until = EXCLUDED.lease_until
        WHERE market_leases.lease_until < ${iso(now)}::timestamptz OR market_leases.holder = EXCLUDED.holder
        RETURNING name`);
      return rows.length === 1;
    },

    async releaseLease(name: string, holder: string): Promise<void> {
      await db.query(sql`DELETE FROM market_leases WHERE name = ${name} AND holder = ${holder}`);
    },

    /** Adds new filers and follows a ticker change of a known CIK; the check order (checked_at) is kept. */
    async upsertFilers(filers: readonly Filer[]): Promise<void> {
      await insertChunks(
        db,
        filers,
        (chunk) => sql`
          INSERT INTO market_sec_filers (cik, symbol) VALUES ${sql.join(
            chunk.map((f) => sql`(${f.cik}, ${f.symbol})`),
            sql`, `,
          )}
          ON CONFLICT (cik) DO UPDATE SET symbol = EXCLUDED.symbol WHERE market_sec_filers.symbol <> EXCLUDED.symbol`,
      );
    },

    /** The `limit` filers checked longest ago (never-checked first): one cycle's batch. */
    async listFilersToCheck(limit: number): Promise<Filer[]> {
      return db.query<Filer>(sql`SELECT cik, symbol FROM market_sec_filers ORDER BY checked_at NULLS FIRST, cik LIMIT ${limit}`);
    },

    async markChecked(cik: string, now: Date): Promise<void> {
      await db.query(sql`UPDATE market_sec_filers SET checked_at = ${iso(now)}::timestamptz WHERE cik = ${cik}`);
    },

    /** The accessions stored for a filer and the newest filing date among them (null before the first). */
    async readStoredFilings(cik: string): Promise<{ accessions: Set<string>; newestFiled: string | null }> {
      const rows = await db.query<{ accession: string; filed: unknown }>(
        sql`SELECT accession, filed FROM market_sec_filings WHERE cik = ${cik} AND outcome = 'stored'`,
      );
      const newest = rows.reduce<string | null>((max, r) => (max === null || day(r.filed) > max ? day(r.filed) : max), null);
      return { accessions: new Set(rows.map((r) => r.accession)), newestFiled: newest };
    },

    /**
     * Stores one company in ONE transaction: its facts as filed (a row already there is kept: re-running changes
     * nothing), its filings as stored, its re-normalised statements (only ever replaced by ones current through the
     * same or a later filing date) and the filer's check. Returns the fact rows and filings actually added.
     */
    async storeCompany(
      input: {
        symbol: string;
        cik: string;
        facts: readonly StorableFact[];
        filings: readonly SecFiling[];
        fundamentals: Fundamentals | null;
        filedThrough: string;
        markChecked?: boolean;
      },
      now: Date,
    ): Promise<{ facts: number; filings: number; statements: boolean }> {
      return db.transaction(async (tx) => {
        const at = iso(now);
        const facts = await insertChunks(
          tx,
          input.facts,
          (chunk) => sql`
            INSERT INTO market_sec_facts (cik, concept, unit, period_start, period_end, value, form, accession, filed, fy, fp, ingested_at)
            VALUES ${sql.join(
              chunk.map(
                (f) =>
                  sql`(${input.cik}, ${f.concept}, ${f.unit}, ${f.start}::date, ${f.end}::date, ${f.value}, ${f.form}, ${f.accession}, ${f.filed}::date, ${f.fy}, ${f.fp}, ${at}::timestamptz)`,
              ),
              sql`, `,
            )}
            ON CONFLICT DO NOTHING RETURNING 1`,
        );
        const filings = await insertChunks(
          tx,
          input.filings,
          (chunk) => sql`
            INSERT INTO market_sec_filings (accession, cik, form, filed, report_date, outcome, processed_at)
            VALUES ${sql.join(
              chunk.map(
                (f) =>
                  sql`(${f.accession}, ${input.cik}, ${f.amended ? `${f.form}/A` : f.form}, ${f.filed}::date, ${f.report_date}::date, 'stored', ${at}::timestamptz)`,
              ),
              sql`, `,
            )}
            ON CONFLICT (accession) DO UPDATE SET outcome = 'stored', detail = NULL, processed_at = EXCLUDED.processed_at
            WHERE market_sec_filings.outcome = 'refused' RETURNING 1`,
        );
        let statements = false;
        if (input.fundamentals) {
          const rows = await tx.query(sql`
            INSERT INTO market_sec_statements (symbol, cik, document, filed_through, updated_at)
            VALUES (${input.symbol}, ${input.cik}, ${JSON.stringify(input.fundamentals)}::jsonb, ${input.filedThrough}::date, ${at}::timestamptz)
            ON CONFLICT (symbol) DO UPDATE SET cik = EXCLUDED.cik, document = EXCLUDED.document, filed_through = EXCLUDED.filed_through,
              revision = nextval('market_sec_statements_revision'), updated_at = EXCLUDED.updated_at
            WHERE market_sec_statements.filed_through < EXCLUDED.filed_through
               OR (market_sec_statements.filed_through = EXCLUDED.filed_through AND market_sec_statements.document <> EXCLUDED.document)
            RETURNING 1`);
          statements = rows.length === 1;
        }
        if (input.markChecked !== false) await tx.query(sql`UPDATE market_sec_filers SET checked_at = ${at}::timestamptz WHERE cik = ${input.cik}`);
        return { facts, filings, statements };
      });
    },

    /**
     * A company's answer refused: nothing of it is stored; its filings are kept as refused (retried on the next
     * cycle, which finds them not stored) and the refusals with their reasons, for the operator. The filer is not
     * marked checked, so the next cycle takes it first.
     */
    async refuseCompany(input: { cik: string; filings: readonly SecFiling[]; detail: string; refusals: readonly IngestRefusal[] }, onDay: string, now: Date) {
      await db.transaction(async (tx) => {
        const at = iso(now);
        await insertChunks(
          tx,
          input.refusals,
          (chunk) => sql`
            INSERT INTO market_refusals (dataset, day, item_key, code, reason, refused_at)
            VALUES ${sql.join(
              chunk.map((r) => sql`('filings', ${onDay}::date, ${r.key}, ${r.code}, ${r.reason}, ${at}::timestamptz)`),
              sql`, `,
            )} RETURNING 1`,
        );
        await insertChunks(
          tx,
          input.filings,
          (chunk) => sql`
            INSERT INTO market_sec_filings (accession, cik, form, filed, report_date, outcome, detail, processed_at)
            VALUES ${sql.join(
              chunk.map(
                (f) =>
                  sql`(${f.accession}, ${input.cik}, ${f.amended ? `${f.form}/A` : f.form}, ${f.filed}::date, ${f.report_date}::date, 'refused', ${input.detail}, ${at}::timestamptz)`,
              ),
              sql`, `,
            )}
            ON CONFLICT (accession) DO UPDATE SET detail = EXCLUDED.detail, processed_at = EXCLUDED.processed_at
            WHERE market_sec_filings.outcome = 'refused' RETURNING 1`,
        );
      });
    },

    /**
     * A filer's SIC and its title as EDGAR gives them today: inserted, or updated where either differs. Re-storing
     * the same writes nothing (not even `updated_at`, which the listings' version probe reads). True when a row
     * was written.
     */
    async storeIndustry(industry: SecIndustry, now: Date): Promise<boolean> {
      const rows = await db.query(sql`
        INSERT INTO market_sec_companies (cik, sic, sic_description, updated_at)
        VALUES (${industry.cik}, ${industry.sic}, ${industry.sicDescription}, ${iso(now)}::timestamptz)
        ON CONFLICT (cik) DO UPDATE SET sic = EXCLUDED.sic, sic_description = EXCLUDED.sic_description, updated_at = EXCLUDED.updated_at
        WHERE (market_sec_companies.sic, market_sec_companies.sic_description) IS DISTINCT FROM (EXCLUDED.sic, EXCLUDED.sic_description)
        RETURNING cik`);
      return rows.length === 1;
    },

    async readStatements(symbol: string): Promise<StoredStatements | null> {
      const [row] = await db.query<{ symbol: string; cik: string; document: unknown; filed_through: unknown }>(
        sql`SELECT symbol, cik, document, filed_through FROM market_sec_statements WHERE symbol = ${symbol}`,
      );
      if (!row) return null;
      const document = (typeof row.document === 'string' ? JSON.parse(row.document) : row.document) as Fundamentals;
      return { symbol: row.symbol, cik: row.cik, document, filedThrough: day(row.filed_through) };
    },

    /** Which of `symbols` have stored statements (one query, no documents read): the stored universe's members. */
    async readStatementSymbols(symbols: readonly string[]): Promise<Set<string>> {
      if (symbols.length === 0) return new Set();
      const rows = await db.query<{ symbol: string }>(sql`
        SELECT symbol FROM market_sec_statements WHERE symbol IN (${sql.join(
          symbols.map((s) => sql`${s}`),
          sql`, `,
        )})`);
      return new Set(rows.map((r) => r.symbol));
    },

    /** The stored statements of `symbols` in one query (the store-aware universe's companies), by symbol. */
    async readStatementsOf(symbols: readonly string[]): Promise<Map<string, StoredStatements>> {
      const out = new Map<string, StoredStatements>();
      if (symbols.length === 0) return out;
      const rows = await db.query<{ symbol: string; cik: string; document: unknown; filed_through: unknown }>(sql`
        SELECT symbol, cik, document, filed_through FROM market_sec_statements WHERE symbol IN (${sql.join(
          symbols.map((s) => sql`${s}`),
          sql`, `,
        )})`);
      for (const row of rows) {
        const document = (typeof row.document === 'string' ? JSON.parse(row.document) : row.document) as Fundamentals;
        out.set(row.symbol, { symbol: row.symbol, cik: row.cik, document, filedThrough: day(row.filed_through) });
      }
      return out;
    },

    /**
     * The newest filing date any stored statements include (the fundamentals' data day), and when statements were
     * last written: two companies' filings of one day move the date once, the second still changes what is served.
     */
    async readStatementsDay(): Promise<{ newestFiled: string | null; version: string | null }> {
      const [row] = await db.query<{ d: unknown; r: unknown }>(sql`SELECT max(filed_through) AS d, max(revision) AS r FROM market_sec_statements`);
      return { newestFiled: row?.d ? day(row.d) : null, version: row?.r === null || row?.r === undefined ? null : String(row.r) };
    },

    /** A filer's facts of one concept as they could be known on `asOf` (filed by then), oldest period first. */
    async readFactsAsOf(cik: string, concept: string, asOf: string): Promise<StoredFact[]> {
      const rows = await db.query<Record<string, unknown>>(sql`
        SELECT concept, unit, period_start, period_end, value, form, accession, filed, fy, fp FROM market_sec_facts
        WHERE cik = ${cik} AND concept = ${concept} AND filed <= ${asOf}::date ORDER BY period_end, filed, accession`);
      return rows.map((r) => ({
        concept: String(r.concept),
        unit: String(r.unit),
        start: r.period_start ? day(r.period_start) : null,
        end: day(r.period_end),
        value: Number(r.value),
        form: (r.form as string | null) ?? null,
        accession: String(r.accession),
        filed: day(r.filed),
        fy: r.fy === null ? null : Number(r.fy),
        fp: (r.fp as string | null) ?? null,
      }));
    },
  };
}

export type SecFactsStore = ReturnType<typeof createSecFactsStore>;
