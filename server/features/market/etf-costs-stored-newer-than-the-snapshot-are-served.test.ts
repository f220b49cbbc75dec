import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { createMarketFeature, createReferenceStore, type MarketFeature, runReferenceAdminCommand } from './index.ts';

/**
 * ETF facts loaded by the operator (`npm run admin -- load-etf`, the bundled format) continue the snapshot's: SPY's
 * costs of 2026-09-30 replace the snapshot's of 2022-08-30; QQQ's of 2021 are older than the snapshot's and are not
 * served; a bad file is refused whole and stores nothing.
 */
describeEachDatabase('ETF costs and holdings stored after the snapshot', (kind) => {
  let db: Database;
  let f: MarketFeature;
  let dir: string;
  let clock = new Date('2026-10-05T16:00:00Z');
  const out: string[] = [];
  const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
  const load = (name: string, doc: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(doc));
    return runReferenceAdminCommand(['load-etf', file, '--source', 'issuer-files-test'], { store: createReferenceStore(db), now: () => clock, io });
  };
  const count = async () =>
    Number((await db.query<{ n: number }>(sql`SELECT (SELECT count(*) FROM market_etf_costs) + (SELECT count(*) FROM market_etf_holdings) AS n`))[0]!.n);

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    dir = mkdtempSync(join(tmpdir(), 'etf-load-'));
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const ctx: AppContext = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => clock };
    f = createMarketFeature(ctx, { ingestVendor: null });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await db.close();
  });

  it('serves the snapshot’s SPY costs (2022-08-30: 0.09 %, 1.49 %, $381,750M) before anything is loaded', async () => {
    expect(await f.market.getEtf('SPY')).toMatchObject({ expense_ratio_pct: 0.09, dividend_yield_pct: 1.49, aum_musd: 381750, overview_as_of: '2022-08-30' });
  });

  it('refuses a file with a weight over 100 % or a future day, storing nothing', async () => {
    expect(
      await load('bad.json', {
        etfs: {
          SPY: { expense_ratio_pct: 0.0945, overview_as_of: '2026-09-30' },
          DIA: { holdings: [['UNH', 'UNITEDHEALTH', 120]], holdings_as_of: '2026-09-30' },
          IWM: { expense_ratio_pct: 0.19, overview_as_of: '2026-12-31' },
        },
      }),
    ).toBe(1);
    expect(out.filter((l) => l.startsWith('refused:'))).toEqual([
      'refused: DIA: holding 1 needs a symbol and a weight in (0, 100] %',
      'refused: IWM: costs need an overview_as_of day no later than 2026-10-05',
    ]);
    expect(await count()).toBe(0);
  });

  it('serves SPY’s costs of 2026-09-30 over the snapshot’s, keeps its 2025 holdings, and keeps QQQ’s 2022 costs over older ones', async () => {
    const spyBefore = await f.market.getEtf('SPY');
    expect(
      await load('etfs.json', {
        etfs: {
          SPY: { expense_ratio_pct: 0.0945, dividend_yield_pct: 1.12, aum_musd: 655000, overview_as_of: '2026-09-30' },
          QQQ: { expense_ratio_pct: 0.2, dividend_yield_pct: 0.8, aum_musd: 150000, overview_as_of: '2021-06-30' },
        },
      }),
    ).toBe(0);
    clock = new Date(clock.getTime() + 61_000); // loaded by the CLI: this process asks again after its minute
    const spy = await f.market.getEtf('SPY');
    expect(spy).toMatchObject({ expense_ratio_pct: 0.0945, dividend_yield_pct: 1.12, aum_musd: 655000, overview_as_of: '2026-09-30' });
    expect(spy.holdings).toEqual(spyBefore.holdings);
    expect(spy.holdings_as_of).toBe('2025-10-31');
    expect(spy.sources).toContain('issuer-files-test');
    expect(spy.sources).not.toContain('stockanalysis');
    expect(await f.market.getEtf('QQQ')).toMatchObject({ expense_ratio_pct: 0.2, dividend_yield_pct: 0.61, overview_as_of: '2022-08-30' });
    // The etfs dataset's day moves to the newest stored fact.
    expect(f.market.datasetsAsOf()?.etfs).toBe('2026-09-30');
  });

  it('re-loading the same file changes nothing; newer holdings replace the snapshot’s and drop its derived sector weights', async () => {
    const before = await count();
    await load('etfs-again.json', { SPY: { expense_ratio_pct: 0.0945, dividend_yield_pct: 1.12, aum_musd: 655000, overview_as_of: '2026-09-30' } });
    expect(await count()).toBe(before);
    await load('holdings.json', {
      QQQ: {
        holdings: [
          ['NVDA', 'NVIDIA CORP', 9.5],
          ['MSFT', 'MICROSOFT CORP', 8.25],
        ],
        holdings_as_of: '2026-09-30',
      },
    });
    clock = new Date(clock.getTime() + 61_000);
    const qqq = await f.market.getEtf('QQQ');
    expect(qqq.holdings).toEqual([
      { symbol: 'NVDA', name: 'NVIDIA CORP', weight_pct: 9.5 },
      { symbol: 'MSFT', name: 'MICROSOFT CORP', weight_pct: 8.25 },
    ]);
    expect(qqq).toMatchObject({ holdings_as_of: '2026-09-30', sector_weights: null });
  });
});
