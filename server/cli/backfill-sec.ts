import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { DataDirLockedError, openDatabase } from '../adapters/db/index.ts';
import { findBundledDataDir } from '../adapters/market-data/index.ts';
import { parseEnv } from '../env.ts';
import { backfillSecArchive } from '../features/market/index.ts';
import { findAppRoot, findServerAsset } from '../lib/app-root.ts';
import { createLogger } from '../lib/logger.ts';

/**
 * `npm run data:backfill-sec -- --archive path/to/companyfacts.zip [--only AAPL,MSFT]`: EDGAR's nightly companyfacts
 * archive (https://www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip) into the market-data store, through
 * the same checks and store functions as the 15-minute cycle; a line a company, then the stored, skipped and refused
 * counts. Exit 0 when nothing was refused; 1 when something was (re-run after fixing: stored companies are skipped);
 * 2 for bad usage.
 */
const argv = process.argv.slice(2);
const readFlag = (flag: string) => {
  const at = argv.indexOf(flag);
  return at >= 0 ? argv[at + 1] : undefined;
};
const archive = readFlag('--archive');
const only = readFlag('--only');
if (argv.includes('--help') || !archive || (argv.includes('--only') && !only)) {
  console.log('usage: npm run data:backfill-sec -- --archive path/to/companyfacts.zip [--only AAPL,MSFT]');
  process.exit(argv.includes('--help') ? 0 : 2);
}
if (!existsSync(archive)) {
  console.error(`${archive}: no such file`);
  process.exit(2);
}
const env = parseEnv();
const pgliteDir = isAbsolute(env.PGLITE_DIR) ? env.PGLITE_DIR : join(process.cwd(), env.PGLITE_DIR);
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir, migrationsDir: findServerAsset(findAppRoot(), 'server/db/migrations') }).catch(
  (e: unknown) => {
    if (!(e instanceof DataDirLockedError)) throw e;
    console.error(`${e.message}\nWith the embedded database, stop the app first, run data:backfill-sec, then start the app again.`);
    process.exit(1);
  },
);
let code = 1;
try {
  const outcome = await backfillSecArchive({
    archivePath: archive,
    only: only ? new Set(only.split(',').map((s) => s.trim().toUpperCase())) : undefined,
    db,
    dataDir: findBundledDataDir(findAppRoot()),
    logger: createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL),
    now: () => new Date(),
    onCompany: (o) => console.log(`${o.symbol} (CIK ${o.cik}): ${o.outcome}${o.facts ? ` — ${o.facts} facts` : ''}${o.detail ? ` (${o.detail})` : ''}`),
  });
  console.log(`stored ${outcome.stored}, skipped ${outcome.skipped}, refused ${outcome.refused}`);
  code = outcome.refused > 0 ? 1 : 0;
} finally {
  await db.close();
}
process.exit(code);
