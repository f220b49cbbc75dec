/**
 * Market data budgets (issue 6): search over all listings p50 ≤ 1 ms in process; history and
 * fundamentals for one symbol ≤ 2 ms warm; the data load adds ≤ 300 ms to cold start.
 * Standalone: `npx tsx bench/market.bench.ts` (a fresh process, so the first load is really cold).
 */
import { join } from 'node:path';
import { HISTORY_RANGES } from '../core/market/ranges.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { createMarketService } from '../server/features/market/market-service.ts';
import { createLogger } from '../server/lib/logger.ts';
import { median, percentile, report } from './support.ts';

const dataDir = join(import.meta.dirname, '..', 'data');

// 1. Cold start: what start-up waits for (creating the provider and scheduling the background load),
//    then how long the background load takes until search, then everything, is ready.
let t = performance.now();
const bundled = createBundledProvider(dataDir);
const market = createMarketService({ bundled, live: [], cache: null, logger: createLogger('silent') });
const preload = new Promise<void>((resolve, reject) => setImmediate(() => bundled.store.preload().then(resolve, reject)));
const blocking = performance.now() - t;
t = performance.now();
const listings = await bundled.listings();
const listingsMs = performance.now() - t;
await preload;
const allMs = performance.now() - t;
report('market data load added to cold start (blocking)', blocking, 'ms', 'start() schedules the load and returns; budget ≤ 300');
report('market data background load: listings + search index', listingsMs, 'ms', `${listings.file.symbol.length} symbols`);
report('market data background load: everything', allMs, 'ms', 'first requests await only what they need');

// 2. Search over all listings: per listing, its symbol, a 2-letter symbol prefix, its first name word and that word with a typo.
const { symbol, name } = listings.file;
const queries: string[] = [];
const step = Math.max(1, Math.floor(symbol.length / 2500));
for (let i = 0; i < symbol.length; i += step) {
  const word = name[i]!.split(/\s+/)[0] ?? '';
  queries.push(symbol[i]!, symbol[i]!.slice(0, 2).toLowerCase(), word.toLowerCase());
  if (word.length >= 5) queries.push(word.slice(0, 2) + word[3] + word[2] + word.slice(4)); // swap two letters
}
for (const q of queries.slice(0, 500)) await market.search(q, 10); // warm-up (JIT)
const searchTimes: number[] = [];
let fuzzyTimes: number[] = [];
for (const q of queries) {
  const s = performance.now();
  const r = await market.search(q, 10);
  const ms = performance.now() - s;
  searchTimes.push(ms);
  if (r.some((h) => h.match === 'fuzzy')) fuzzyTimes.push(ms);
}
if (fuzzyTimes.length === 0) fuzzyTimes = [0];
report('search p50 (all listings)', median(searchTimes), 'ms', `${searchTimes.length} queries over ${symbol.length} symbols; budget ≤ 1`);
report('search p95 (all listings)', percentile(searchTimes, 95), 'ms');
report('search p50 (queries answered by typo tolerance)', median(fuzzyTimes), 'ms', `${fuzzyTimes.length} queries`);

// 3. History + fundamentals for one symbol, warm (second and later requests), per covered symbol.
const covered = symbol.filter((_, i) => (listings.file.cov[i]! & 5) === 5); // daily prices and fundamentals
const coldTimes: number[] = [];
const warmTimes: number[] = [];
for (const s of covered) {
  let c = performance.now();
  await market.getHistory(s, '1y');
  await market.getFundamentals(s);
  coldTimes.push(performance.now() - c);
  for (let r = 0; r < 5; r++) {
    const range = HISTORY_RANGES[r % HISTORY_RANGES.length]!;
    await market.getHistory(s, range);
    c = performance.now();
    await market.getHistory(s, range);
    await market.getFundamentals(s);
    warmTimes.push(performance.now() - c);
  }
}
report('history + fundamentals per symbol, warm p50', median(warmTimes) * 1000, 'µs', `${covered.length} symbols; budget ≤ 2 ms`);
report('history + fundamentals per symbol, warm p95', percentile(warmTimes, 95) * 1000, 'µs');
report('history + fundamentals per symbol, first request p50', median(coldTimes), 'ms', 'decodes the series and builds the statements once');
