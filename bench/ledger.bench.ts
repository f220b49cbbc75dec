/**
 * Token ledger budget (issue 4): hold + capture pairs per second at 1, 8 and 32 clients on PostgreSQL and
 * PGlite; at 8 clients on PostgreSQL the ledger must reach ≥ 0.5 × what pgbench does with the same two
 * statements (same SQL text, extended protocol like node-pg) on the same machine in the same run.
 * Standalone: `npx tsx bench/ledger.bench.ts`; PostgreSQL from BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), where a scratch database is created and dropped.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir, openDatabase, type Database } from '../server/adapters/db/index.ts';
import { migrate, readMigrations } from '../server/adapters/db/migrate.ts';
import { openPglite } from '../server/adapters/db/pglite.ts';
import { openPostgres } from '../server/adapters/db/postgres.ts';
import { buildHoldStatement, buildSettleStatement, createLedgerService } from '../server/features/tokens/ledger-service.ts';
import { report } from './support.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.LEDGER_BENCH_SECONDS ?? 5);
const CLIENTS = [1, 8, 32];
const COST_MT = 800;
// Enough purchased tokens that no hold is ever refused during a run.
const BALANCE_MT = 1_000_000_000_000;

/** One user per client, so clients contend on the statements, not on one account row. */
async function seedUsers(db: Database, n: number): Promise<string[]> {
  const ledger = createLedgerService(db);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `bench_${i}`;
    await db.query(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES (${id}, 'Bench', ${`${id}@bench.test`}, true) ON CONFLICT DO NOTHING`);
    await ledger.creditPurchase(id, BALANCE_MT, `seed-${id}`, 'bench');
    ids.push(id);
  }
  return ids;
}

/** `clients` loops of hold → capture for `SECONDS`; returns pairs per second. */
async function measurePairs(db: Database, users: string[], clients: number, label: string): Promise<number> {
  const ledger = createLedgerService(db);
  let pairs = 0;
  let deadline = 0;
  const run = async (c: number) => {
    const userId = users[c]!;
    let i = 0;
    // A deadline, not a timer: PGlite answers in microtasks, so a setTimeout might never get to run.
    while (performance.now() < deadline) {
      const hold = await ledger.hold(userId, COST_MT, `${label}-${c}-${i++}`);
      await ledger.capture(userId, hold.id);
      pairs++;
    }
  };
  // Warm-up: one pair per client (connections, plans, JIT).
  await Promise.all(Array.from({ length: clients }, async (_, c) => ledger.capture(users[c]!, (await ledger.hold(users[c]!, COST_MT, `${label}-warm-${c}`)).id)));
  const started = performance.now();
  deadline = started + SECONDS * 1000;
  await Promise.all(Array.from({ length: clients }, (_, c) => run(c)));
  return pairs / ((performance.now() - started) / 1000);
}

async function checkReconciled(db: Database, label: string) {
  const report_ = await createLedgerService(db).reconcile();
  if (!report_.ok) throw new Error(`${label}: ledger and balances disagree after the run: ${JSON.stringify(report_.mismatches.slice(0, 3))}`);
}

/** The ledger's own hold and capture statements as a pgbench script (values inlined, pgbench variables for ids). */
function writePgbenchScript(dir: string): string {
  const dialect = new PgDialect();
  const far = '2099-01-01T00:00:00.000Z';
  const now = '2026-01-01T00:00:00.000Z';
  const hold = dialect.sqlToQuery(buildHoldStatement('@UID@', COST_MT, '@KEY@', far, now, 'bench', null));
  const capture = dialect.sqlToQuery(buildSettleStatement('@UID@', '@HOLD@', 'captured', 'bench', now));
  const inline = (q: { sql: string; params: unknown[] }) =>
    q.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const v = q.params[Number(n) - 1];
      if (v === '@UID@') return `('bench_' || :client_id)`;
      if (v === '@KEY@') return `('pgb-' || :client_id || '-' || :k)`;
      if (v === '@HOLD@') return ':id';
      if (v === null) return 'NULL';
      if (typeof v === 'number') return String(v);
      return `'${String(v).replaceAll("'", "''")}'`;
    });
  // pgbench reads one statement per line unless it ends with ';' or \gset; flatten whitespace.
  const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
  const script = [
    '\\set k random(1, 1000000000000000)',
    `${oneLine(inline(hold))} \\gset`,
    `${oneLine(inline(capture))};`,
    '',
  ].join('\n');
  const path = join(dir, 'hold-capture.sql');
  writeFileSync(path, script);
  return path;
}

async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

// --- PostgreSQL -----------------------------------------------------------------------------------
if (await reachable(adminUrl)) {
  const name = `sp_bench_ledger_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const tmp = mkdtempSync(join(tmpdir(), 'sp-ledger-bench-'));
  try {
    const setup = openPostgres(url.toString(), { max: 4 });
    await migrate(setup, readMigrations(migrationsDir));
    const users = await seedUsers(setup, Math.max(...CLIENTS));
    await setup.close();

    let ledgerAt8 = 0;
    for (const clients of CLIENTS) {
      const db = openPostgres(url.toString(), { max: clients });
      const rate = await measurePairs(db, users, clients, `pg${clients}`);
      await checkReconciled(db, `postgres ${clients} clients`);
      await db.close();
      if (clients === 8) ledgerAt8 = rate;
      report(`ledger hold+capture, PostgreSQL, ${clients} client${clients === 1 ? '' : 's'}`, rate, 'pairs/s');
    }

    const script = writePgbenchScript(tmp);
    const r = spawnSync('pgbench', ['-n', '-M', 'extended', '-c', '8', '-j', '2', '-T', String(SECONDS), '-f', script, url.toString()], { encoding: 'utf8' });
    const tps = Number(/tps = ([\d.]+)/.exec(r.stdout)?.[1] ?? Number.NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(r.stdout)?.[1] ?? 0);
    if (r.status !== 0 || !Number.isFinite(tps)) {
      console.log(`pgbench failed (exit ${r.status}): ${r.stderr.split('\n').slice(0, 5).join(' ')}`);
    } else {
      const check = openPostgres(url.toString(), { max: 2 });
      await checkReconciled(check, 'pgbench');
      await check.close();
      report('pgbench same hold+capture statements, 8 clients (-M extended -j 2)', tps, 'pairs/s', failed ? `${failed} failed` : '');
      report('ledger / pgbench at 8 clients', ledgerAt8 / tps, 'x', 'budget ≥ 0.5');
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
} else {
  console.log(`ledger PostgreSQL part skipped: ${adminUrl.replace(/\/\/[^@]*@/, '//')} is unreachable`);
}

// --- PGlite (one connection: "clients" are concurrent promises) ------------------------------------
// In-process (as the tests use it) and on its worker thread with a file-backed dir (as the app runs it).
for (const engine of ['in-process', 'worker thread'] as const) {
  const dir = engine === 'worker thread' ? mkdtempSync(join(tmpdir(), 'sp-bench-ledger-')) : undefined;
  const db = dir ? await openDatabase({ pgliteDir: dir }) : await openPglite();
  if (!dir) await migrate(db, readMigrations(migrationsDir));
  const users = await seedUsers(db, Math.max(...CLIENTS));
  for (const clients of CLIENTS) {
    const rate = await measurePairs(db, users, clients, `pglite${clients}`);
    report(`ledger hold+capture, PGlite ${engine}, ${clients} client${clients === 1 ? '' : 's'}`, rate, 'pairs/s');
  }
  await checkReconciled(db, `pglite ${engine}`);
  await db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
