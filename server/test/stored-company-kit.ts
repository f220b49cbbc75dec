import { sql } from 'drizzle-orm';
import type { Database } from '../adapters/db/index.ts';
import { createBundledProvider } from '../adapters/market-data/bundled/index.ts';
import { findBundledDataDir } from '../adapters/market-data/index.ts';
import { createListingsStore } from '../features/market/listings-store.ts';
import { createSecFactsStore } from '../features/market/sec-facts-store.ts';
import { listTradingDaysThrough } from './fake-market-vendor.ts';

/**
 * A company only the store has, as a listings day, a price backfill and the filings job leave it: an active Nasdaq
 * listing, 300 daily bars rising 0.1 % a day from $20.00 (the last close 20 × 1.001^299 = $26.97) through 2026-07-02,
 * and a snapshot company's statements (`statementsOf`) stored under its own symbol, filed through 2026-04-29.
 */
export async function storeListedCompany(db: Database, c: { symbol: string; name: string; cik: string; statementsOf: string }, now: Date): Promise<void> {
  await db.query(sql`
    INSERT INTO market_listings (symbol, name, cik, exchange, type, active, first_seen_on, last_seen_on, source, updated_at)
    VALUES (${c.symbol}, ${c.name}, ${c.cik}, 'NASDAQ', 'stock', true, '2026-07-06', '2026-07-06', 'massive-reference', now())`);
  const bars = listTradingDaysThrough(300).map((date, i) => {
    const close = Math.round(20 * 1.001 ** i * 100) / 100;
    return { symbol: c.symbol, date, open: close, high: close, low: close, close, volume: 1_000, source: 'massive' };
  });
  await createListingsStore(db).completeBackfill(c.symbol, { bars, splits: [], refusals: [], through: '2026-07-02' }, now);
  const statements = (await createBundledProvider(findBundledDataDir(process.cwd())).getFundamentals!(c.statementsOf))!;
  await createSecFactsStore(db).storeCompany(
    { symbol: c.symbol, cik: c.cik, facts: [], filings: [], fundamentals: { ...statements, symbol: c.symbol }, filedThrough: '2026-04-29', markChecked: false },
    now,
  );
}
