import { describe, expect, it } from 'vitest';
import type { ScreenerRow } from '../../../core/screener/screener-types.ts';
import type { Database } from '../../adapters/db/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import type { MarketService } from '../market/index.ts';
import { createScreenerFeature } from './index.ts';
import type { LoadedUniverse } from './screener-universe.ts';

const row = (symbol: string, marketCap: number): ScreenerRow => ({ symbol, name: symbol, values: { market_cap: marketCap, type: 'Stock' }, sparkline: [] });

/** A feature on a fake market in `mode`, whose universe grows by one symbol per build (or fails when told). */
function startFeature(mode: 'live' | 'bundled') {
  let nowMs = Date.parse('2026-07-02T15:00:00Z');
  const warnings: string[] = [];
  const logger = createLogger('silent');
  logger.warn = ((_obj: unknown, msg: string) => void warnings.push(msg)) as typeof logger.warn;
  const ctx: AppContext = { env: parseEnv({ NODE_ENV: 'test' }), db: {} as Database, logger, appRoot: findAppRoot(), now: () => new Date(nowMs) };
  let builds = 0;
  let failNext = false;
  let dataDay = '2026-07-02';
  const loadRows = async (): Promise<LoadedUniverse> => {
    builds++;
    await new Promise((r) => setTimeout(r, 5));
    if (failNext) throw new Error('vendor down');
    const rows = Array.from({ length: builds }, (_, i) => row(`S${i}`, 1000 + i));
    return { rows, dataAsOf: `2026-07-0${builds + 1}`, stocks: rows.length, etfs: 0 };
  };
  const feature = createScreenerFeature(ctx, { market: { mode, dataAsOf: () => dataDay } as MarketService, loadRows });
  return {
    feature,
    symbols: async () => (await feature.screener.queryScreener({ columns: ['market_cap'] })).rows.map((r) => r.symbol),
    advanceMinutes: (m: number) => (nowMs += m * 60_000),
    builds: () => builds,
    failNextBuild: () => (failNext = true),
    storeNewDataDay: (day: string) => (dataDay = day),
    warnings,
  };
}

describe('the in-process table: built once on first use, refreshed in the background when live data is stale', () => {
  it('ten requests at once before the first build share one build', async () => {
    const f = startFeature('live');
    const answers = await Promise.all(Array.from({ length: 10 }, () => f.symbols()));
    expect(f.builds()).toBe(1);
    expect(new Set(answers.map((a) => a.join()))).toEqual(new Set(['S0']));
  });

  it('live: within 15 minutes the same table; after, the old table answers while a new one builds, then the new one', async () => {
    const f = startFeature('live');
    expect(await f.symbols()).toEqual(['S0']);
    f.advanceMinutes(14);
    expect(await f.symbols()).toEqual(['S0']);
    expect(f.builds()).toBe(1);
    f.advanceMinutes(2);
    // Stale: answered from the old table at once, the rebuild runs behind it.
    expect(await f.symbols()).toEqual(['S0']);
    expect(f.builds()).toBe(2);
    await new Promise((r) => setTimeout(r, 30));
    // Sorted by market cap, largest first: the new symbol S1 (1001) leads.
    expect(await f.symbols()).toEqual(['S1', 'S0']);
    expect((await f.feature.screener.getSnapshot()).table.dataAsOf).toBe('2026-07-03');
  });

  it('live: a failed rebuild keeps the previous table serving, says so in the log, and is retried a period later, not on every request', async () => {
    const f = startFeature('live');
    await f.symbols();
    f.failNextBuild();
    f.advanceMinutes(16);
    expect(await f.symbols()).toEqual(['S0']);
    await new Promise((r) => setTimeout(r, 30));
    expect(await f.symbols()).toEqual(['S0']);
    expect(f.warnings.some((w) => /refreshing the table failed/.test(w))).toBe(true);
    expect(f.builds()).toBe(2);
    f.advanceMinutes(10);
    await f.symbols();
    expect(f.builds()).toBe(2);
    f.advanceMinutes(6);
    await f.symbols();
    expect(f.builds()).toBe(3);
  });

  it('bundled: the snapshot never changes, so the table is never rebuilt', async () => {
    const f = startFeature('bundled');
    await f.symbols();
    f.advanceMinutes(24 * 60);
    await f.symbols();
    await new Promise((r) => setTimeout(r, 30));
    expect(f.builds()).toBe(1);
  });

  it('bundled: a new data day (ingestion stored one) rebuilds the table once in the background; the old one answers meanwhile', async () => {
    const f = startFeature('bundled');
    expect(await f.symbols()).toEqual(['S0']);
    f.storeNewDataDay('2026-07-06');
    expect(await f.symbols()).toEqual(['S0']);
    expect(f.builds()).toBe(2);
    await new Promise((r) => setTimeout(r, 30));
    expect(await f.symbols()).toEqual(['S1', 'S0']);
    await f.symbols();
    expect(f.builds()).toBe(2);
  });
});
