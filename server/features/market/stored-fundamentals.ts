import { isStoredNewer } from '../../../core/market/sec-filings.ts';
import type { DatasetAsOf, Fundamentals } from '../../../core/market/types.ts';
import type { SecFactsStore } from './sec-facts-store.ts';
import type { StoredSnapshot } from './stored-snapshot.ts';

/** How long a process trusts its idea of the newest stored filing before asking the database again. */
const DATA_DAY_RECHECK_MS = 60_000;
/** Statements kept per data day: a company's pages and analyses read them again and again; a new filing day clears them. */
const MAX_CACHED_STATEMENTS = 2_000;

const maxDay = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/**
 * The snapshot (with its stored prices) with EDGAR's stored statements on top: a company's statements come from the
 * store when they include a filing newer than any its snapshot figures come from, else from the snapshot; the
 * fundamentals dataset date moves with the newest stored filing. Until a statement is stored it is the snapshot,
 * with one indexed query a minute at most. Caches are keyed by the newest stored filing date (the data day) and the last write.
 */
export function withStoredFundamentals(snapshot: StoredSnapshot, store: SecFactsStore, now: () => Date): StoredSnapshot {
  let newestFiled: string | null = null;
  let version: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | null = null;
  let cacheDay: string | null = null;
  const statements = new Map<string, Promise<Fundamentals | null>>();

  async function refreshFilingDay(): Promise<void> {
    refreshing ??= (async () => {
      try {
        ({ newestFiled, version } = await store.readStatementsDay());
        checkedAt = now().getTime();
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function readFilingDay(): Promise<string | null> {
    if (now().getTime() - checkedAt > DATA_DAY_RECHECK_MS) await refreshFilingDay();
    // Keyed by the last write too: a second company's filing of the same day does not move the date.
    if (version !== cacheDay) {
      cacheDay = version;
      statements.clear();
    }
    return newestFiled;
  }

  async function readFundamentals(symbol: string): Promise<Fundamentals | null> {
    const own = (await snapshot.getFundamentals?.(symbol)) ?? null;
    if ((await readFilingDay()) === null) return own;
    let cached = statements.get(symbol);
    if (!cached) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      cached = store.readStatements(symbol).then((stored) => (stored && isStoredNewer(stored.filedThrough, own) ? stored.document : own));
      statements.set(symbol, cached);
      cached.catch(() => statements.delete(symbol));
    }
    return cached;
  }

  return {
    ...snapshot,
    async refreshDataDay() {
      await Promise.all([snapshot.refreshDataDay(), refreshFilingDay()]);
    },
    async preload() {
      await Promise.all([snapshot.preload(), refreshFilingDay()]);
    },
    datasetsAsOf(): DatasetAsOf | null {
      const own = snapshot.datasetsAsOf();
      return own && { ...own, fundamentals: maxDay(own.fundamentals, newestFiled) };
    },
    getFundamentals: readFundamentals,
  };
}
