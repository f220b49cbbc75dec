/**
 * Child process for the "killed between hold and capture" test: opens the ledger on PostgreSQL, places a
 * hold, prints it as one JSON line and then hangs as if the analysis were running, until it is killed.
 * Usage: tsx server/test/ledger-worker-holds-then-hangs.ts <databaseUrl> <userId> <ttlMs>
 */
import { openPostgres } from '../adapters/db/postgres.ts';
import { createLedgerService } from '../features/tokens/index.ts';

const [url, userId, ttl] = process.argv.slice(2);
const db = openPostgres(url!, { max: 1 });
const hold = await createLedgerService(db).hold(userId!, 800, 'analysis-in-a-worker', { ttlMs: Number(ttl) });
process.stdout.write(`${JSON.stringify(hold)}\n`);
setInterval(() => {}, 60_000);
