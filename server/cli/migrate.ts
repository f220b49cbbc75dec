import { isAbsolute, join } from 'node:path';
import { openDatabase } from '../adapters/db/index.ts';
import { parseEnv } from '../env.ts';
import { findAppRoot, findServerAsset } from '../lib/app-root.ts';

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
const env = parseEnv();
const pgliteDir = isAbsolute(env.PGLITE_DIR) ? env.PGLITE_DIR : join(process.cwd(), env.PGLITE_DIR);
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir, migrationsDir: findServerAsset(findAppRoot(), 'server/db/migrations') });
console.log(`Migrations applied (${db.kind}).`);
await db.close();
