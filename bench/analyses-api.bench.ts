/**
 * Analyses API budget (issue 14): 20 concurrent analyses on PostgreSQL with no lost or double charge, p50/p95
 * printed. Each round starts 20 technical runs at once for one user: on a balance of exactly 20 runs (16 tokens)
 * all must succeed and leave 0; on a balance of 10.25 runs (8.2 tokens) exactly 10 must succeed and leave 0.2.
 * Every round also checks that each served analysis has one captured hold and that the ledger reconciles.
 * Standalone: `npx tsx bench/analyses-api.bench.ts`; PostgreSQL from BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), where a scratch database is created and dropped.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrationsDir } from '../server/adapters/db/index.ts';
import { migrate, readMigrations } from '../server/adapters/db/migrate.ts';
import { openPostgres } from '../server/adapters/db/postgres.ts';
import { parseEnv } from '../server/env.ts';
import { type AnalysesService, createAnalysesService, type PreparedRun } from '../server/features/analyses/analyses-service.ts';
import { createMarketFeature } from '../server/features/market/index.ts';
import { createLedgerService } from '../server/features/tokens/index.ts';
import { findAppRoot } from '../server/lib/app-root.ts';
import { createLogger } from '../server/lib/logger.ts';
import { median, percentile, report } from './support.ts';
import { loadavg } from 'node:os';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENT = 20;
const ROUNDS = 5;
const COST_MT = 800;
const name = `sp_bench_analyses_${process.pid}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = openPostgres(url.toString(), { max: 40 });
let problems = 0;
try {
  await migrate(db, readMigrations(migrationsDir));
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000' });
  const ctx = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => new Date() };
  const market = createMarketFeature(ctx).market;
  const ledger = createLedgerService(db);
  const service: AnalysesService = createAnalysesService({ db, market, ledger, now: ctx.now });

  let users = 0;
  /** A user with `balanceMt` available: 10 000 on opening, topped up by a purchase or spent down by a capture. */
  async function createUser(balanceMt: number): Promise<string> {
    const id = `bench_${users++}`;
    await db.query(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES (${id}, 'Bench', ${`${id}@bench.test`}, true)`);
    await ledger.openAccount(id);
    if (balanceMt > 10_000) await ledger.creditPurchase(id, { amountMt: balanceMt - 10_000, idempotencyKey: `seed-${id}`, actor: 'bench' });
    if (balanceMt < 10_000) await ledger.capture(id, (await ledger.hold(id, 10_000 - balanceMt, `spend-${id}`)).id);
    return id;
  }

  async function runOnce(userId: string, key: string): Promise<{ ok: boolean; ms: number }> {
    const t = performance.now();
    try {
      const p = (await service.prepareRun(userId, { symbol: 'AAPL', kind: 'technical' }, key)) as PreparedRun;
      await service.executeRun(p);
      return { ok: true, ms: performance.now() - t };
    } catch (e) {
      if ((e as { code?: string }).code !== 'INSUFFICIENT_TOKENS') throw e;
      return { ok: false, ms: performance.now() - t };
    }
  }

  // Warm-up: the snapshot, the JIT, the pool's connections.
  const warm = await createUser(10_000);
  for (let i = 0; i < 3; i++) await runOnce(warm, `warm-${i}`);

  // One at a time: what a single click costs the server when nothing else runs.
  const solo = await createUser(100_000);
  const soloTimes: number[] = [];
  for (let i = 0; i < 20; i++) soloTimes.push((await runOnce(solo, `solo-${i}`)).ms);
  report('analyses: one run at a time p50 (PostgreSQL)', median(soloTimes), 'ms', 'technical AAPL: checks, hold, inputs, builder, insert, capture');

  const okTimes: number[] = [];
  const refusedTimes: number[] = [];
  const rounds = [
    { balanceMt: CONCURRENT * COST_MT, expectOk: CONCURRENT, leftMt: 0 },
    // 8 200 mt covers 10.25 runs: 10 succeed, 8 200 − 10 × 800 = 200 left.
    { balanceMt: 8_200, expectOk: 10, leftMt: 200 },
  ];
  const wall: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const round of rounds) {
      const userId = await createUser(round.balanceMt);
      const t = performance.now();
      const results = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => runOnce(userId, `r${r}-${i}`)));
      wall.push(performance.now() - t);
      for (const x of results) (x.ok ? okTimes : refusedTimes).push(x.ms);
      const okCount = results.filter((x) => x.ok).length;
      const left = (await ledger.getAccount(userId)).availableMt;
      const [served] = await db.query<{ n: number }>(
        sql`SELECT count(*) AS n FROM analyses a JOIN token_holds h ON h.id = a.hold_id AND h.status = 'captured' WHERE a.user_id = ${userId}`,
      );
      const captured = (await ledger.listHolds(userId, { status: 'captured', limit: 100 })).filter((h) => h.costMt === COST_MT).length;
      const reconciled = (await ledger.reconcile({ userId })).ok;
      if (okCount !== round.expectOk || left !== round.leftMt || Number(served!.n) !== okCount || captured !== okCount || !reconciled) {
        problems++;
        console.log(
          `MISMATCH round ${r} balance ${round.balanceMt}: ok ${okCount}/${round.expectOk}, left ${left}/${round.leftMt}, served ${served!.n}, captured ${captured}, reconciled ${reconciled}`,
        );
      }
    }
  }
  const roundCount = ROUNDS * rounds.length;
  report(
    'analyses: rounds of 20 concurrent runs with exact balances',
    roundCount - problems,
    `of ${roundCount}`,
    'no lost or double charge: served = captured = successes, balance exact, ledger reconciles',
  );
  report(
    'analyses: successful run p50 (20 concurrent, PostgreSQL)',
    median(okTimes),
    'ms',
    `${okTimes.length} runs: checks, hold, inputs, builder, insert, capture`,
  );
  report('analyses: successful run p95 (20 concurrent, PostgreSQL)', percentile(okTimes, 95), 'ms');
  report('analyses: 402 answer p50 (before any work)', median(refusedTimes), 'ms', `${refusedTimes.length} refusals`);
  report('machine load average (1 min) during the run', loadavg()[0]!, '', '2 cores shared with other work: figures vary with it');
  report('analyses: 20 concurrent runs, wall time p50', median(wall), 'ms', `${(CONCURRENT / (median(wall) / 1000)).toFixed(0)} runs/s on 2 shared cores`);
} finally {
  await db.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
process.exit(problems ? 1 : 0);
