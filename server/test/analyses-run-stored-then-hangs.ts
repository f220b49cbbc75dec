/**
 * Child process for the "killed between the insert and the capture" test: runs a technical analysis of
 * AAPL on PostgreSQL whose work stores the row and then hangs before the capture, prints {holdId,
 * analysisId} as one JSON line and waits to be killed.
 * Usage: tsx server/test/analyses-run-stored-then-hangs.ts <databaseUrl> <userId>
 */
import { openPostgres } from '../adapters/db/postgres.ts';
import { parseEnv } from '../env.ts';
import { findAppRoot } from '../lib/app-root.ts';
import { createLogger } from '../lib/logger.ts';
import { createMarketFeature } from '../features/market/index.ts';
import { createLedgerService, type LedgerService } from '../features/tokens/index.ts';
import { createAnalysesService, type PreparedRun } from '../features/analyses/analyses-service.ts';

/** A ledger whose paid work, once it has stored its result, never returns: the capture never comes. */
export function hangAfterWork(ledger: LedgerService, onStored: (line: { holdId: string; analysisId: string }) => void): LedgerService {
  return {
    ...ledger,
    chargeFor: (userId, action, key, work, opts) =>
      ledger.chargeFor(
        userId,
        action,
        key,
        async (charged) => {
          const stored = (await work(charged)) as { id: string };
          onStored({ holdId: charged.hold.id, analysisId: stored.id });
          return new Promise<never>(() => {});
        },
        opts,
      ),
  };
}

/** Long enough that only a kill (or the test's end) stops the hung run. */
export const HUNG_RUN_TIMEOUT_MS = 600_000;

if (process.argv[1]?.endsWith('analyses-run-stored-then-hangs.ts')) {
  const [url, userId] = process.argv.slice(2);
  const db = openPostgres(url!, { max: 2 });
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000' });
  const ctx = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => new Date() };
  const ledger = hangAfterWork(createLedgerService(db), (line) => process.stdout.write(`${JSON.stringify(line)}\n`));
  const service = createAnalysesService({ db, market: createMarketFeature(ctx).market, ledger, now: ctx.now });
  const prepared = (await service.prepareRun(userId!, { symbol: 'AAPL', kind: 'technical' }, 'killed-run')) as PreparedRun;
  await service.executeRun(prepared, { timeoutMs: HUNG_RUN_TIMEOUT_MS });
}
