import { PGlite, types } from '@electric-sql/pglite';
import type { Database } from '../adapters/db/index.ts';
import { wrapPglite } from '../adapters/db/pglite.ts';
import { readPgliteTemplate } from './template.ts';

/**
 * In-memory PGlite test databases, reused within a worker. Starting a PGlite from the template costs about
 * 1.5 s of CPU; emptying one costs a few milliseconds. So `close()` does not close: it cuts the handed-out
 * handle off (a query through it after close fails, as on a closed database), empties every table, restarts
 * the sequences, puts back the migrations' one seeded row and keeps the instance for the next test. An
 * instance whose schema no longer matches the template's (a test created a trigger, a table, a function) is
 * closed for real instead, so the next test always gets what a fresh copy of the template would be.
 */

const parsers = { [types.NUMERIC]: (v: string) => Number(v), [types.INT8]: (v: string) => Number(v) };
/** Per worker: enough for a file's two or three databases at once, without holding on to much memory. */
const MAX_IDLE = 2;
const idle: PGlite[] = [];

/** The schema, as a hash: tables and their columns, indexes, constraints, triggers, functions, sequences. */
const SCHEMA_FINGERPRINT = `
  SELECT md5(string_agg(x, ',' ORDER BY x)) AS fp FROM (
    SELECT 'c' || c.relname || c.relkind::text AS x FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
    UNION ALL SELECT 'a' || a.attrelid::regclass::text || a.attname || a.atttypid::text || a.attnotnull::text || a.atthasdef::text FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT 'k' || conrelid::regclass::text || conname || pg_get_constraintdef(oid) FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 't' || tgrelid::regclass::text || tgname || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'p' || p.proname || md5(p.prosrc) FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL SELECT 'r' || rolname FROM pg_roles
  ) s`;

let template: Promise<{ fingerprint: string; reset: string }> | undefined;

async function readFingerprint(client: PGlite): Promise<string> {
  return (await client.query<{ fp: string }>(SCHEMA_FINGERPRINT)).rows[0]!.fp;
}

/** Learns, from a fresh copy, what the template holds: its schema's hash, and the script that empties a copy back to it. */
async function learnTemplate(fresh: PGlite) {
  const tables = (
    await fresh.query<{ t: string }>(`SELECT format('%I.%I', schemaname, tablename) AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
  ).rows.map((r) => r.t);
  // The rows the migrations themselves inserted, put back as they were (schema_migrations, session_revision's counter).
  const seeded: string[] = [];
  for (const t of tables) {
    const { rows } = await fresh.query<{ j: string | null }>(`SELECT json_agg(x)::text AS j FROM ${t} x`);
    if (rows[0]?.j) seeded.push(`INSERT INTO ${t} SELECT * FROM json_populate_recordset(NULL::${t}, '${rows[0].j.replaceAll("'", "''")}');`);
  }
  const reset = [
    // Triggers off while emptying: the ledger's append-only trigger refuses TRUNCATE, and rightly so elsewhere.
    'SET session_replication_role = replica;',
    `TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE;`,
    "SELECT setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false) FROM pg_sequences WHERE schemaname = 'public';",
    ...seeded,
  ].join('\n');
  return { fingerprint: await readFingerprint(fresh), reset };
}

/** A handle on `client` that works until `revoke()`; after it, every call fails as on a closed database. */
function revocable(client: PGlite) {
  let revoked = false;
  const proxy = new Proxy(client, {
    get(target, key) {
      if (key === 'closed') return revoked || target.closed;
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (revoked) throw new Error('PGlite is closed');
        return value.apply(target, args);
      };
    },
  });
  return { proxy, revoke: () => (revoked = true) };
}

async function giveBack(client: PGlite): Promise<void> {
  try {
    const t = await template;
    if (t && idle.length < MAX_IDLE && !client.closed && (await readFingerprint(client)) === t.fingerprint) {
      await client.exec(t.reset);
      // Then the session's state (settings, the replication role above, temporary tables, advisory locks).
      await client.exec('DISCARD ALL');
      idle.push(client);
      return;
    }
  } catch {
    // An instance that cannot be emptied is not reused.
  }
  if (!client.closed) await client.close();
}

/** A fresh, migrated, empty in-memory PGlite (see the file's comment). */
export async function takePgliteDatabase(): Promise<Database> {
  let client = idle.pop();
  if (!client) {
    client = await PGlite.create({ loadDataDir: readPgliteTemplate(), parsers });
    const fresh = client;
    template ??= learnTemplate(fresh);
    await template;
  }
  const { proxy, revoke } = revocable(client);
  const db = wrapPglite(proxy);
  const owned = client;
  let closing: Promise<void> | undefined;
  return Object.assign(db, {
    close() {
      closing ??= (async () => {
        revoke();
        await giveBack(owned);
      })();
      return closing;
    },
  });
}
