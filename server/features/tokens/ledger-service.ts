import type { Database } from '../../adapters/db/index.ts';
import type { LedgerService } from './ledger-types.ts';

export type * from './ledger-types.ts';

export interface LedgerServiceOptions {
  /** Current time (ctx.now); hold TTLs, periods and resets use it, never the database clock. */
  now?: () => Date;
  /** Default hold TTL in ms (10 minutes). */
  defaultHoldTtlMs?: number;
}

/** Implementation in progress: the interface in ledger-types.ts is the published contract. */
export function createLedgerService(_db: Database, _options: LedgerServiceOptions = {}): LedgerService {
  throw new Error('createLedgerService: not implemented yet');
}
