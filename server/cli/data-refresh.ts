import { isAbsolute, join } from 'node:path';
import { DataDirLockedError, openDatabase } from '../adapters/db/index.ts';
import { parseEnv } from '../env.ts';
import { createMarketFeature } from '../features/market/index.ts';
import { findAppRoot, findServerAsset } from '../lib/app-root.ts';
import { createLogger } from '../lib/logger.ts';

/**
 * `npm run data:refresh [-- --date YYYY-MM-DD]`: one ingestion cycle now, on the configured database and vendor —
 * every trading day still missing, or the one day given — and what it stored, skipped and refused, a line a day.
 * Then the listings day (once a day) and one bounded round of price backfill for listings the snapshot has no prices for,
 * and the risk-free rate from the US Treasury (no key needed). Exit 0 when every day is stored or already was; 1 when
 * one (or the listings day, or the rate) was refused or failed; 2 for bad usage or no price vendor.
 */
const argv = process.argv.slice(2);
const dateAt = argv.indexOf('--date');
const day = dateAt >= 0 ? argv[dateAt + 1] : undefined;
if (argv.includes('--help') || (dateAt >= 0 && !/^\d{4}-\d{2}-\d{2}$/.test(day ?? ''))) {
  console.log('usage: npm run data:refresh [-- --date YYYY-MM-DD]');
  process.exit(argv.includes('--help') ? 0 : 2);
}
const env = parseEnv();
const pgliteDir = isAbsolute(env.PGLITE_DIR) ? env.PGLITE_DIR : join(process.cwd(), env.PGLITE_DIR);
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir, migrationsDir: findServerAsset(findAppRoot(), 'server/db/migrations') }).catch(
  (e: unknown) => {
    if (!(e instanceof DataDirLockedError)) throw e;
    console.error(`${e.message}\nWith the embedded database, stop the app first, run data:refresh, then start the app again.`);
    process.exit(1);
  },
);
let code = 1;
try {
  const market = createMarketFeature({
    env,
    db,
    logger: createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL),
    appRoot: findAppRoot(),
    now: () => new Date(),
  });
  if (!market.ingest) {
    console.error('No market-data vendor is configured: set MASSIVE_API_KEY (docs/market-data-ingestion.md).');
    code = 2;
  } else {
    const outcomes = await market.ingest.refresh(day ? { day } : {});
    if (outcomes.length === 0) console.log('Nothing to ingest: the store is up to date with the last completed trading day.');
    for (const o of outcomes)
      console.log(`${o.day} ${o.dataset}: ${o.outcome} — stored ${o.stored}, skipped ${o.skipped}, refused ${o.refused}${o.detail ? ` (${o.detail})` : ''}`);
    code = outcomes.some((o) => o.outcome === 'refused' || o.outcome === 'failed') ? 1 : 0;
    // Listings with their identifiers (once a day), then one bounded round of price backfill for new listings.
    if (market.listings) {
      const { listings: l, backfill } = await market.listings.refresh();
      console.log(`${l.day} listings: ${l.outcome} — stored ${l.stored}, delisted ${l.delisted}, refused ${l.refused}${l.detail ? ` (${l.detail})` : ''}`);
      const count = (o: string) => backfill.filter((b) => b.outcome === o).length;
      const bars = backfill.reduce((n, b) => n + b.bars, 0);
      console.log(
        `backfill: ${count('stored')} symbols stored (${bars} bars), ${count('no bars yet')} with no bars yet, ${count('refused')} refused, ${count('failed')} failed`,
      );
      if (l.outcome === 'refused' || l.outcome === 'failed') code = 1;
    }
  }
  const rf = await market.referenceIngest.refreshRiskFree();
  console.log(
    `${rf.day} ${rf.dataset}: ${rf.outcome} — stored ${rf.stored}, skipped ${rf.skipped}, refused ${rf.refused}${rf.detail ? ` (${rf.detail})` : ''}`,
  );
  if (rf.outcome === 'refused' || rf.outcome === 'failed') code = 1;
} finally {
  await db.close();
}
process.exit(code);
