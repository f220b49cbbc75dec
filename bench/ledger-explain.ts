/**
 * Where a ledger hold and capture spend their time on PostgreSQL: EXPLAIN (ANALYZE, BUFFERS) of each hot-path
 * statement as the app runs it (prepared, after a warm-up: the cached generic plan), the triggers and indexes each
 * write maintains, and how many updates were HOT.
 * `npx tsx bench/ledger-explain.ts` (BENCH_DATABASE_URL as for the ledger bench; a scratch database is created and dropped).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrationsDir } from '../server/adapters/db/index.ts';
import { migrate, readMigrations } from '../server/adapters/db/migrate.ts';
import { openPostgres } from '../server/adapters/db/postgres.ts';
import { holdStatement, settleStatements } from '../server/features/tokens/tokens-statements-store.ts';
import { createTokensService } from '../server/features/tokens/tokens-service.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `sp_bench_explain_${process.pid}`;
const admin = async (text: string) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(text).finally(() => c.end());
};
await admin(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = openPostgres(url.toString(), { max: 1 });
try {
  await migrate(db, readMigrations(migrationsDir));
  await db.query(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES ('bench_0', 'Bench', 'bench_0@bench.test', true)`);
  const ledger = createTokensService(db);
  await ledger.creditPurchase('bench_0', { amountMt: 1_000_000_000_000, idempotencyKey: 'seed', actor: 'bench' });
  for (let i = 0; i < 2000; i++) await ledger.capture('bench_0', (await ledger.hold('bench_0', 800, `warm-${i}`)).id);
  const client = await db.pool.connect();
  try {
    const literal = (v: unknown) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
    const args = (st: { params: readonly unknown[] }, values: Record<string, unknown>) =>
      st.params.map((x) => literal(values[(x as { name: string }).name])).join(', ');
    await client.query(`PREPARE hold AS ${holdStatement.text}`);
    await client.query(`PREPARE capture AS ${settleStatements.captured.text}`);
    const t = new Date().toISOString();
    const holdValues = (key: string) => ({
      userId: 'bench_0',
      costMt: 800,
      key,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      createdAt: t,
      actor: 'bench',
      meta: null,
    });
    const capture = async (id: string, explain = '') =>
      client.query(`${explain}EXECUTE capture(${args(settleStatements.captured, { userId: 'bench_0', holdId: id, actor: 'bench', at: t })})`);
    // Past PostgreSQL's five custom plans, so what follows is the steady state: the cached generic plan.
    for (let i = 0; i < 10; i++) {
      const r = await client.query(`EXECUTE hold(${args(holdStatement, holdValues(`explain-warm-${i}`))})`);
      await capture(r.rows[0].id);
    }
    const explain = 'EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ';
    const plan = (r: pg.QueryResult) => r.rows.map((x) => x['QUERY PLAN']).join('\n');
    console.log(`--- hold (prepared, generic plan)\n${plan(await client.query(`${explain}EXECUTE hold(${args(holdStatement, holdValues('explain-1'))})`))}`);
    const r = await client.query(`EXECUTE hold(${args(holdStatement, holdValues('explain-2'))})`);
    console.log(`\n--- capture (prepared, generic plan)\n${plan(await capture(r.rows[0].id, explain))}`);
    const unprepared = await client.query(
      `${explain}${holdStatement.text.replace(/\$(\d+)/g, (_, n: string) => literal((holdValues('explain-3') as Record<string, unknown>)[(holdStatement.params[Number(n) - 1] as { name: string }).name]))}`,
    );
    console.log(
      `\n--- hold, planned on every call as an unnamed statement is: ${plan(unprepared)
        .split('\n')
        .filter((l) => /Planning|Execution/.test(l))
        .join(', ')}`,
    );
    const hot = await client.query(
      `SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname IN ('user_tokens', 'token_holds', 'token_ledger') ORDER BY 1`,
    );
    console.log('\n--- rows inserted / updated / of which HOT (heap-only: no index entries), over the warm-up');
    for (const x of hot.rows) console.log(`${x.relname}: ${x.n_tup_ins} / ${x.n_tup_upd} / ${x.n_tup_hot_upd}`);
  } finally {
    client.release();
  }
  const triggers = await db.query<{ tbl: string; tgname: string; fn: string }>(sql`
    SELECT c.relname AS tbl, tg.tgname, p.proname AS fn FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid JOIN pg_proc p ON p.oid = tg.tgfoid
    WHERE c.relname IN ('user_tokens', 'token_holds', 'token_ledger') ORDER BY 1, 2`);
  console.log('\n--- triggers');
  for (const r of triggers) console.log(`${r.tbl}: ${r.tgname} (${r.fn})`);
  const indexes = await db.query<{ tablename: string; indexdef: string }>(sql`
    SELECT tablename, indexdef FROM pg_indexes WHERE tablename IN ('user_tokens', 'token_holds', 'token_ledger') ORDER BY 1, 2`);
  console.log('\n--- indexes');
  for (const r of indexes) console.log(r.indexdef);
} finally {
  await db.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
