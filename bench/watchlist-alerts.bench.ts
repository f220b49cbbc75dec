/**
 * Watchlist alerts budget (issue 17): evaluating 10,000 alerts over one data refresh ≤ 100 ms.
 * Two figures: (1) pure evaluation — the state machine over 10,000 alerts on 500 symbols' new points
 * (core/watchlist/plan-transitions.ts), and (2) the whole database part of a tick on PGlite (and on
 * PostgreSQL with TEST_DATABASE_URL): list the alerted symbols, read the alerts of those with a new data day,
 * then the one compare-and-set statement that moves them and inserts the notifications of those that fired;
 * and the next minute's tick, with no new data day. Figures per symbol (market data, indicators) are cached
 * per data day and are not in either figure.
 * Standalone: `npx tsx bench/watchlist-alerts.bench.ts`.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { alertKinds, type SymbolPoint } from '../core/watchlist/alert-rules.ts';
import { type AlertState, planTransitions } from '../core/watchlist/plan-transitions.ts';
import { type Database, migrationsDir } from '../server/adapters/db/index.ts';
import { migrate, readMigrations } from '../server/adapters/db/migrate.ts';
import { openPglite } from '../server/adapters/db/pglite.ts';
import { openPostgres } from '../server/adapters/db/postgres.ts';
import { type AlertEvaluationContext, runAlertTick, type TickReport } from '../server/features/watchlists/alert-evaluation.ts';
import { createLogger } from '../server/lib/logger.ts';
import { median, report } from './support.ts';

const BUDGET_MS = 100;
const ALERTS = 10_000;
const SYMBOLS = 500;
const USERS = 1_000;

const symbols = Array.from({ length: SYMBOLS }, (_, i) => `S${String(i).padStart(3, '0')}`);
const thresholdOf = (kind: string, i: number) =>
  kind === 'price_above' || kind === 'price_below' ? 90 + (i % 20) : kind === 'move_percent' ? 2 + (i % 4) : kind === 'rsi_cross' ? (i % 2 ? 70 : 30) : null;

/** Day 1 points (the state alerts were left in) and day 2 points (the refresh): prices move ±10 %, RSI and averages shift. */
function makePoints(day: string, shift: number): Map<string, SymbolPoint> {
  return new Map(
    symbols.map((s, i) => {
      const wave = Math.sin(i * 0.7 + shift);
      return [
        s,
        {
          symbol: s,
          asOf: day,
          price: 100 + 10 * wave,
          dayChangePercent: 6 * wave,
          rsi14: 50 + 30 * wave,
          sma50: 100 + wave,
          sma200: 100,
          rating: wave > 0.5 ? 'buy' : wave < -0.5 ? 'sell' : 'neutral',
        } satisfies SymbolPoint,
      ];
    }),
  );
}

const day1 = makePoints('2026-07-01', 0);
// A stormy refresh (every price moves up to ±10 %: about a third of the alerts fire) and an ordinary one.
const day2 = makePoints('2026-07-02', 1.3);
const quietDay2 = makePoints('2026-07-02', 0.02);
const alerts: AlertState[] = Array.from({ length: ALERTS }, (_, i) => {
  const kind = alertKinds[i % alertKinds.length]!;
  return { id: crypto.randomUUID(), symbol: symbols[i % SYMBOLS]!, kind, threshold: thresholdOf(kind, i), lastSide: null, lastAsOf: null };
});
// Day 1 leaves every alert with a side (as creation would); day 2 is the refresh measured.
for (const t of planTransitions(alerts, day1)) {
  const a = alerts.find((x) => x.id === t.id)!;
  a.lastSide = t.side;
  a.lastAsOf = t.asOf;
}

// --- (1) pure evaluation ---------------------------------------------------------------------------
for (let i = 0; i < 20; i++) planTransitions(alerts, day2);
const pure: number[] = [];
let planned = planTransitions(alerts, day2);
for (let i = 0; i < 50; i++) {
  const t = performance.now();
  planned = planTransitions(alerts, day2);
  pure.push(performance.now() - t);
}
const firing = planned.filter((t) => t.fired).length;
const pureMs = median(pure);
report(`pure evaluation, ${ALERTS} alerts over one refresh (median of 50)`, pureMs, 'ms', `${SYMBOLS} symbols, ${firing} fire; budget ≤ ${BUDGET_MS}`);
report('  ratio to budget', pureMs / BUDGET_MS, 'x', `below 1 is within budget; 1-minute load average ${loadavg()[0]!.toFixed(1)}`);

// --- (2) with the database reads and writes --------------------------------------------------------
async function seed(db: Database): Promise<void> {
  const users = Array.from({ length: USERS }, (_, i) => `bench_user_${i}`);
  await db.query(sql`INSERT INTO "user" (id, name, email, email_verified)
    SELECT u, 'Bench', u || '@example.test', true FROM jsonb_array_elements_text(${JSON.stringify(users)}::jsonb) AS u`);
  const lists = users.map((u) => ({ id: crypto.randomUUID(), user_id: u }));
  await db.query(sql`INSERT INTO watchlists (id, user_id, name, created_at, updated_at)
    SELECT (l->>'id')::uuid, l->>'user_id', 'Bench', now(), now() FROM jsonb_array_elements(${JSON.stringify(lists)}::jsonb) AS l`);
  // Each user's list holds the symbols of its alerts (alert i belongs to user i mod USERS).
  const owned = alerts.map((a, i) => ({ ...a, list: lists[i % USERS]!.id, user: lists[i % USERS]!.user_id }));
  const pairs = [...new Map(owned.map((o) => [`${o.list}|${o.symbol}`, { list: o.list, symbol: o.symbol }])).values()];
  await db.query(sql`INSERT INTO watchlist_symbols (watchlist_id, symbol, added_at)
    SELECT (p->>'list')::uuid, p->>'symbol', now() FROM jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) AS p`);
  await db.query(sql`INSERT INTO watchlist_alerts (id, user_id, watchlist_id, symbol, kind, threshold, email, last_side, last_as_of, created_at)
    SELECT (a->>'id')::uuid, a->>'user', (a->>'list')::uuid, a->>'symbol', a->>'kind', (a->>'threshold')::double precision, true, a->>'lastSide', a->>'lastAsOf', now()
    FROM jsonb_array_elements(${JSON.stringify(owned)}::jsonb) AS a`);
}

/** Resets the states to day 1 so each round is the same refresh. */
async function rewind(db: Database): Promise<void> {
  const states = alerts.map((a) => ({ id: a.id, side: a.lastSide }));
  await db.query(sql`UPDATE watchlist_alerts w SET last_side = s.side, last_as_of = '2026-07-01', fired_count = 0
    FROM jsonb_to_recordset(${JSON.stringify(states)}::jsonb) AS s(id uuid, side text) WHERE w.id = s.id`);
  await db.query(sql`DELETE FROM notifications`);
}

/** The tick as the app runs it, on `points`, for a process that last evaluated every symbol on `evaluatedDay`. */
const tickContext = (db: Database, points: Map<string, SymbolPoint>, evaluatedDay: string): AlertEvaluationContext => ({
  db,
  mailer: null,
  points: async (s) => points.get(s) ?? null,
  logger: createLogger('silent'),
  now: () => new Date(),
  baseUrl: 'http://localhost:3000',
  evaluatedDays: new Map(symbols.map((s) => [s, evaluatedDay])),
});

async function measureTick(engine: string, db: Database, rounds: number): Promise<void> {
  await seed(db);
  const idle: number[] = [];
  let idleRead = 0;
  for (const [label, points] of [
    ['stormy refresh', day2],
    ['ordinary refresh', quietDay2],
  ] as const) {
    const total: number[] = [];
    let last: TickReport | null = null;
    for (let r = 0; r < rounds + 2; r++) {
      await rewind(db);
      const ctx = tickContext(db, points, '2026-07-01');
      const t = performance.now();
      last = await runAlertTick(ctx);
      if (r >= 2) total.push(performance.now() - t);
      // The next minute's tick: the same data day, nothing new to evaluate.
      const t2 = performance.now();
      idleRead = (await runAlertTick(ctx)).alerts;
      if (r >= 2) idle.push(performance.now() - t2);
    }
    const ms = median(total);
    report(
      `${label}: the tick (symbols, read, evaluate, compare-and-set, notifications), ${engine} (median of ${rounds})`,
      ms,
      'ms',
      `${last!.alerts} alerts read, ${last!.changed} change side, ${last!.fired} notifications`,
    );
    report('  ratio to budget', ms / BUDGET_MS, 'x', 'the database part of a tick; e-mails go out after it, outside this figure');
  }
  report(`a minute's tick with no new data day, ${engine} (median of ${idle.length})`, median(idle), 'ms', `${idleRead} alert rows read`);
}

const pglite = await openPglite();
await migrate(pglite, readMigrations(migrationsDir));
await measureTick('PGlite', pglite, 7);
await pglite.close();

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `sp_bench_watch_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString());
  try {
    await migrate(db, readMigrations(migrationsDir));
    await measureTick('PostgreSQL', db, 7);
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else console.log('(PostgreSQL figure skipped: set TEST_DATABASE_URL to measure it)');
