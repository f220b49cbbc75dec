/**
 * Child process for the "two app processes, one PostgreSQL" alert test: the watchlists feature as the app
 * wires it (outbox mailer, ledger, market), whose ticks read a scripted point. Prints `ready`, then for each
 * stdin line `<symbol> <day> <price>` runs one alert tick and prints its report as one JSON line.
 * Usage: tsx server/test/alert-ticks-in-child-process.ts <databaseUrl>
 */
import { createInterface } from 'node:readline';
import type { SymbolPoint } from '../../core/watchlist/alert-rules.ts';
import { openPostgres } from '../adapters/db/postgres.ts';
import { createOutboxMailer } from '../adapters/mail/outbox/index.ts';
import { parseEnv } from '../env.ts';
import { findAppRoot } from '../lib/app-root.ts';
import { createLogger } from '../lib/logger.ts';
import { createMarketFeature } from '../features/market/index.ts';
import { createLedgerService } from '../features/tokens/index.ts';
import { createWatchlistsFeature } from '../features/watchlists/index.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: alert-ticks-in-child-process.ts <databaseUrl>');
const db = openPostgres(url, { max: 4 });
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000' });
const logger = createLogger('silent');
const ctx = { env, db, logger, appRoot: findAppRoot(), now: () => new Date() };
let point: SymbolPoint | null = null;
const feature = createWatchlistsFeature(ctx, {
  ledger: createLedgerService(db),
  market: createMarketFeature(ctx).market,
  mailer: createOutboxMailer({ db, logger }),
  points: async (symbol) => (point?.symbol === symbol ? point : null),
});

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const [symbol, day, price] = line.trim().split(' ');
  if (!symbol || !day || !price) break;
  point = { symbol, asOf: day, price: Number(price), dayChangePercent: 0, rsi14: 50, sma50: 100, sma200: 100, rating: 'neutral' };
  process.stdout.write(`${JSON.stringify(await feature.runAlertTick())}\n`);
}
await db.close();
