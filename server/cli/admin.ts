import { isAbsolute, join } from 'node:path';
import { DataDirLockedError, openDatabase } from '../adapters/db/index.ts';
import { parseEnv } from '../env.ts';
import { createReferenceStore, REFERENCE_ADMIN_COMMANDS, referenceAdminUsage, runReferenceAdminCommand } from '../features/market/index.ts';
import { adminUsage, createLedgerService, runAdminCommand } from '../features/tokens/index.ts';
import { findAppRoot, findServerAsset } from '../lib/app-root.ts';
import { jobsUsage, runJobsCommand } from '../lib/job-queue-admin.ts';

/** `npm run admin -- <command>`: operator tasks on the configured database (see `adminUsage`). */
const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help')) {
  console.log(`${adminUsage}\n\n${referenceAdminUsage}\n\nScheduled jobs (the job queue):\n${jobsUsage}`);
  process.exit(argv.length === 0 ? 2 : 0);
}
const env = parseEnv();
const pgliteDir = isAbsolute(env.PGLITE_DIR) ? env.PGLITE_DIR : join(process.cwd(), env.PGLITE_DIR);
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir, migrationsDir: findServerAsset(findAppRoot(), 'server/db/migrations') }).catch(
  (e: unknown) => {
    if (!(e instanceof DataDirLockedError)) throw e;
    // The embedded database has one process at a time (docs/operations.md: stop the app, run the command, start it again).
    console.error(`${e.message}\nWith the embedded database, stop the app first, run the admin command, then start the app again.`);
    process.exit(1);
  },
);
let code = 1;
try {
  const io = { out: (l: string) => console.log(l), err: (l: string) => console.error(l) };
  // The job queue and the market's reference data (ERP, ETF facts) have their own commands; the rest are the token ledger's.
  if (argv[0] === 'jobs') code = await runJobsCommand(argv.slice(1), { db, jobQueue: env.JOB_QUEUE, io });
  else if ((REFERENCE_ADMIN_COMMANDS as readonly string[]).includes(argv[0]!))
    code = await runReferenceAdminCommand(argv, { store: createReferenceStore(db), now: () => new Date(), io });
  else code = await runAdminCommand(argv, { ledger: createLedgerService(db), db, actor: `operator:${env.USER ?? 'cli'}`, io });
} finally {
  await db.close();
}
process.exit(code);
