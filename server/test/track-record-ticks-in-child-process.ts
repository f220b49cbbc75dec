/**
 * Child process for the "two app processes, one PostgreSQL" re-scoring test: the track-record feature as the
 * app wires it. Prints `ready`, then for each stdin line `tick <YYYY-MM-DD|full>` runs one re-scoring tick on
 * the market cut at that day (or whole) and prints its report as one JSON line.
 * Usage: tsx server/test/track-record-ticks-in-child-process.ts <databaseUrl>
 */
import { createInterface } from 'node:readline';
import { openPostgres } from '../adapters/db/postgres.ts';
import { parseEnv } from '../env.ts';
import { findAppRoot } from '../lib/app-root.ts';
import { createLogger } from '../lib/logger.ts';
import { createMarketFeature } from '../features/market/index.ts';
import { cutMarketAt } from './cut-market-at.ts';
import { runRescoringTick } from '../features/track-record/rescoring.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: track-record-ticks-in-child-process.ts <databaseUrl>');
const db = openPostgres(url, { max: 4 });
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000' });
const ctx = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => new Date() };
const market = createMarketFeature(ctx).market;

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const [command, day] = line.trim().split(' ');
  if (command !== 'tick' || !day) break;
  const report = await runRescoringTick({ db, market: day === 'full' ? market : cutMarketAt(market, day), now: ctx.now });
  process.stdout.write(`${JSON.stringify(report)}\n`);
}
await db.close();
