import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BacktestMonth } from '../../../core/analysis/track-record/backtest-months.ts';
import type { Fundamentals, PriceHistory, StatementSet } from '../../../core/market/types.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createSnapshotMarketService, type MarketService } from '../market/index.ts';
import { type BacktestUniverse, computeBacktestMonth, loadBacktestUniverse } from './backtest-month.ts';
import type { NewRun } from './track-record-store.ts';

/*
 * Plants AAPL's FY2025 10-K with absurd figures (every value filed on or after the 10-K's day × −1000)
 * and AAPL prices ×10 after the month-end before that filing. Re-run as of that month-end, every run of
 * every symbol states the same verdicts as without the plant; a month after the filing the plant shows.
 */

const clean = createSnapshotMarketService(join(findAppRoot(), 'data'), createLogger('silent'));
let filed: string;
let before: BacktestMonth;
let after: BacktestMonth;

const monthEndOf = (day: string): BacktestMonth => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { month: day.slice(0, 7), day: last };
};
const previousMonthEnd = (day: string) => monthEndOf(new Date(Date.parse(`${day.slice(0, 7)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10));

function plantStatements(set: StatementSet): StatementSet {
  const absurd = (lines: StatementSet['income']) =>
    lines.map((l) => ({
      ...l,
      values: l.values.map((v) => (v.value !== null && v.as_of !== null && v.as_of >= filed ? { ...v, value: v.value * -1000 } : v)),
    }));
  return { ...set, income: absurd(set.income), balance: absurd(set.balance), cash_flow: absurd(set.cash_flow) };
}

function plant(market: MarketService): MarketService {
  return {
    ...market,
    async getFundamentals(symbol) {
      const f = await market.getFundamentals(symbol);
      return symbol === 'AAPL' ? { ...f, annual: plantStatements(f.annual), quarterly: plantStatements(f.quarterly) } : f;
    },
    async getHistory(symbol, range) {
      const h = await market.getHistory(symbol, range);
      if (symbol !== 'AAPL') return h;
      const x10 = (b: PriceHistory['bars'][number]) => ({ ...b, open: b.open * 10, high: b.high * 10, low: b.low * 10, close: b.close * 10 });
      return { ...h, bars: h.bars.map((b) => (b.date > before.day ? x10(b) : b)) };
    },
  };
}

/** AAPL's sector only: the grades rank against it, and a month of it takes a fraction of a second. */
async function loadSector(market: MarketService): Promise<BacktestUniverse> {
  const u = await loadBacktestUniverse(market);
  const sector = u.companies.find((c) => c.symbol === 'AAPL')!.profile.sector;
  return { ...u, companies: u.companies.filter((c) => c.profile.sector === sector) };
}

const verdictsByRun = (runs: NewRun[]) => Object.fromEntries(runs.map((r) => [r.runKey, r.verdicts]));

let cleanUniverse: BacktestUniverse;
let plantedUniverse: BacktestUniverse;
let planted: MarketService;

beforeAll(async () => {
  const f: Fundamentals = await clean.getFundamentals('AAPL');
  const i = f.annual.periods.findIndex((p) => p.fiscal_year === 2025);
  filed = f.annual.income.find((l) => l.key === 'revenue')!.values[i]!.as_of!;
  before = previousMonthEnd(filed);
  after = monthEndOf(filed);
  planted = plant(clean);
  [cleanUniverse, plantedUniverse] = await Promise.all([loadSector(clean), loadSector(planted)]);
});

describe('the backtest as of a month-end uses nothing dated after it', () => {
  it('as of the month-end before the 10-K, every run states the same verdicts with or without the plant', async () => {
    const [a, b] = await Promise.all([computeBacktestMonth(clean, cleanUniverse, before), computeBacktestMonth(planted, plantedUniverse, before)]);
    expect(a.length).toBeGreaterThan(50);
    expect(a.filter((r) => r.symbol === 'AAPL').map((r) => r.kind)).toEqual(['technical', 'fundamental', 'dcf']);
    expect(verdictsByRun(b)).toEqual(verdictsByRun(a));
    expect(a.every((r) => r.asOf === before.day)).toBe(true);
  });

  it('its outcome is what moves: AAPL ×10 after the month-end scores about +900 % at 1 month', async () => {
    const b = await computeBacktestMonth(planted, plantedUniverse, before);
    const aapl = b.find((r) => r.symbol === 'AAPL')!;
    expect(aapl.outcome!.horizons[0]!.change_percent).toBeGreaterThan(800);
  });

  it('a month after the filing the absurd 10-K is known, and AAPL’s fundamental verdicts change (the check can fail)', async () => {
    const [a, b] = await Promise.all([computeBacktestMonth(clean, cleanUniverse, after), computeBacktestMonth(planted, plantedUniverse, after)]);
    const key = `backtest:fundamental:AAPL:${after.day}`;
    expect(verdictsByRun(a)[key]).toBeDefined();
    expect(verdictsByRun(b)[key]).not.toEqual(verdictsByRun(a)[key]);
  });
});
