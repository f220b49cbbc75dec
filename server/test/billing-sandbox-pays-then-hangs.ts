/**
 * Child process for "a sandbox payment survives a kill between commit and handler". Opens the database
 * (a PostgreSQL URL, or a file-backed PGlite directory it locks as the app does), wires the billing feature
 * on the sandbox as the app does, and pays checkout session <sessionId> with the test card. Its ledger's tier
 * change — the first write of the paid checkout's handler, inside the handler's transaction, after the sandbox
 * committed the payment — prints `handler-in-transaction` and never returns, like the handler blocked on the
 * user's token row. The parent SIGKILLs it there.
 * Usage: node --import tsx server/test/billing-sandbox-pays-then-hangs.ts <databaseUrl|pgliteDir> <sessionId> <nowIso>
 */
import { openDatabase } from '../adapters/db/index.ts';
import { isSandboxProvider } from '../adapters/payments/index.ts';
import { parseEnv } from '../env.ts';
import { createBillingFeature } from '../features/billing/index.ts';
import { createLedgerService, type LedgerService } from '../features/tokens/index.ts';
import { findAppRoot } from '../lib/app-root.ts';
import { createLogger } from '../lib/logger.ts';

const [target, sessionId, nowIso] = process.argv.slice(2) as [string, string, string];
const now = () => new Date(nowIso);
const db = await openDatabase(target.startsWith('postgres') ? { databaseUrl: target } : { pgliteDir: target });
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000' });
const ledger = createLedgerService(db, { now });
const stuckLedger = new Proxy(ledger, {
  get(target, key, receiver) {
    if (key !== 'changeTier') return Reflect.get(target, key, receiver);
    return () => {
      process.stdout.write('handler-in-transaction\n');
      return new Promise(() => {});
    };
  },
}) as LedgerService;
const billing = await createBillingFeature({ env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now }, { ledger: stuckLedger });
const provider = billing.context.provider;
if (!isSandboxProvider(provider)) throw new Error('expected the sandbox');
await provider.pay(sessionId, '4242424242424242');
// Reached only if the handler did not hang: the parent treats an exit as a failure.
process.stdout.write('paid-and-handled\n');
process.exit(0);
