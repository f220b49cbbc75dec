import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createSnapshotMarketService } from '../market/index.ts';
import { createInProcessBacktestEngine, startBacktestWorkers } from './backtest-engine.ts';

const dataDir = join(findAppRoot(), 'data');
const workers = startBacktestWorkers(dataDir, 1);
const here = createInProcessBacktestEngine(createSnapshotMarketService(dataDir, createLogger('silent')));
afterAll(() => Promise.all([workers.close(), here.close()]));

it('a worker thread (started from the TypeScript source) lists the same months and gives the same runs for June 2026', async () => {
  const [months, hereMonths] = await Promise.all([workers.listMonths(60), here.listMonths(60)]);
  expect(months).toEqual(hereMonths);
  expect(months).toHaveLength(60);
  expect(months.at(-1)).toEqual({ month: '2026-06', day: '2026-06-30' });
  const june = months.at(-1)!;
  const [a, b] = await Promise.all([workers.computeMonth(june), here.computeMonth(june)]);
  expect(a.length).toBeGreaterThan(900);
  expect(a).toEqual(b);
}, 120_000);
