import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { findBundledDataDir } from '../../adapters/market-data/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, readTestDatabaseUrl, testDatabaseKinds } from '../../test/db.ts';
import { storeListedCompany } from '../../test/stored-company-kit.ts';
import { createScorecardsService, scorePeersOf } from '../scorecards/index.ts';
import { createScreenerFeature, loadScreenerRows } from '../screener/index.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import { buildUniverseOnWorker, createUniverseProductsSource, type UniverseProducts } from './universe-products.ts';

const dialect = new PgDialect();
/** The store-aware universe's bulk bars read (market-data-store.ts readBarsOf): what must not run in the serving process. */
const BULK_BARS_READ = /FROM market_bars\s+WHERE symbol IN \(/;

/**
 * A stored market on PostgreSQL — here one company only the store has, QZTK: 300 bars rising 0.1 % a day from $20.00
 * (last close 20 × 1.001^299 = $26.97) and KO's statements under its own symbol — is read and computed on a worker
 * process (a child, with its own connection): the screener's rows, the scorecards' peers and the sector table come back equal to
 * what the serving process computes in process from the same store,  and the serving process never runs the bulk read.
 */
describe.runIf(testDatabaseKinds.includes('postgres'))(
  'universe worker: a stored market’s rows, peers and sector table computed in a process of its own [postgres]',
  () => {
    let db: Database;
    const statements: string[] = [];
    const now = () => new Date('2026-07-06T14:00:00Z');
    let onWorker: MarketFeature;
    let inProcess: MarketFeature;

    beforeAll(async () => {
      db = await createTestDatabase('postgres');
      const url = readTestDatabaseUrl(db)!;
      await storeListedCompany(db, { symbol: 'QZTK', name: 'Quartzkite Therapeutics Inc', cik: '0002012345', statementsOf: 'KO' }, now());
      // Every statement the serving side runs, as SQL text.
      const watched: Database = Object.create(db, {
        query: {
          value: (statement: SQL) => {
            statements.push(dialect.sqlToQuery(statement).sql);
            return db.query(statement);
          },
        },
      });
      const ctx = (env: Record<string, string>): AppContext => ({
        env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000', ...env }),
        db: watched,
        logger: createLogger('silent'),
        appRoot: process.cwd(),
        now,
      });
      onWorker = createMarketFeature(ctx({ DATABASE_URL: url }));
      inProcess = createMarketFeature(ctx({ DATABASE_URL: url, UNIVERSE_WORKER: 'false' }));
    });
    afterAll(async () => {
      await onWorker?.stop?.();
      await db?.close();
    });

    it('QZTK is screened at $26.97 from rows computed in another process, equal to the in-process rows, peers and sector table; the serving process never reads the bars in bulk', async () => {
      expect(inProcess.universeProducts).toBeNull();
      statements.length = 0;
      const built = (await onWorker.universeProducts!.read()) as UniverseProducts;
      expect(built.build.pid).not.toBe(process.pid);
      expect(built.key).toBe(onWorker.market.universeDay!());
      expect(statements.filter((s) => BULK_BARS_READ.test(s))).toEqual([]);

      const qztk = built.screener.rows.find((r) => r.symbol === 'QZTK')!;
      expect(qztk.values.price).toBe(26.97);
      // The snapshot's 526 symbols and QZTK.
      expect(built.screener.stocks + built.screener.etfs).toBe(527);

      const here = await loadScreenerRows(inProcess.market, inProcess.universe);
      expect(statements.some((s) => BULK_BARS_READ.test(s))).toBe(true);
      expect(built.screener).toEqual(here);
      expect(built.peers).toEqual(await scorePeersOf(inProcess.market, inProcess.universe));
      expect(built.sectorTable).toEqual(await inProcess.market.getSectorTable());
    });

    it('a second reader of the same universe version gets the same build, not a second worker', async () => {
      const first = onWorker.universeProducts!.read();
      const second = onWorker.universeProducts!.read();
      expect(await second).toBe(await first);
    });

    it('the screener’s table and the scorecards’ peers of the serving process are the worker’s build', async () => {
      const built = (await onWorker.universeProducts!.read())!;
      const ctx = {
        env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000' }),
        db,
        logger: createLogger('silent'),
        appRoot: process.cwd(),
        now,
      };
      const screener = createScreenerFeature(ctx, {
        market: onWorker.market,
        universe: onWorker.universe,
        products: onWorker.universeProducts,
        warmUpAfterMs: null,
      });
      const snapshot = await screener.screener.getSnapshot();
      expect(snapshot.table.size).toBe(527);
      expect(snapshot.dataDay).toBe(built.key);
      const peers = await createScorecardsService({
        market: onWorker.market,
        universe: onWorker.universe,
        products: onWorker.universeProducts,
      }).loadPeerScores();
      expect(peers).toBe(built.peers);
    });

    it('a worker that cannot reach its database answers null — the readers compute in process — and the next read tries a worker again', async () => {
      const errors: unknown[] = [];
      let builds = 0;
      const source = createUniverseProductsSource({
        readStoredKey: async () => 'stored',
        readUniverseDay: () => '2026-07-02|stored',
        build: () => {
          builds++;
          const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000' });
          return buildUniverseOnWorker({
            env,
            databaseUrl: 'postgres://postgres@127.0.0.1:5432/stockpilot_no_such_database',
            appRoot: process.cwd(),
            dataDir: findBundledDataDir(process.cwd()),
            nowIso: now().toISOString(),
          });
        },
        logger: { ...createLogger('silent'), error: (o: unknown) => errors.push(o) } as never,
        now,
      });
      expect(await source.read()).toBeNull();
      expect(errors).toHaveLength(1);
      expect(await source.read()).toBeNull();
      expect(builds).toBe(2);
    });
  },
);
