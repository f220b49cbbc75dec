import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBundledProvider } from '../../../server/adapters/market-data/bundled/index.ts';
import { findAppRoot } from '../../../server/lib/app-root.ts';
import type { EtfInfo } from '../../market/types.ts';
import { summariseEtf } from './etf-summary.ts';

let spy: EtfInfo;
let qqq: EtfInfo;
let ivv: EtfInfo;
let iwm: EtfInfo;
beforeAll(async () => {
  const p = createBundledProvider(join(findAppRoot(), 'data'));
  await p.store.preload();
  const info = async (symbol: string) => (await p.getEtfInfo!(symbol))!;
  spy = await info('SPY');
  qqq = await info('QQQ');
  ivv = await info('IVV');
  iwm = await info('IWM');
});

describe('ETF summary on the bundle: each figure stands or fails on its own', () => {
  it('SPY against QQQ: concentration, sectors, overlap, reported yield 1.49 %, 0.09 % fee costs $146.01', () => {
    const s = summariseEtf({ info: spy, asOf: '2026-07-02', priceUsd: 600, dividends: null, compareWith: qqq });
    expect(s.concentration).toMatchObject({ ok: true, value: { holdingCount: 503 } });
    expect(s.sectors.ok && s.sectors.value[0]!.sector).toBe('Information Technology');
    expect(s.overlap).toMatchObject({ ok: true, value: { commonCount: 88 } });
    expect(s.tracking).toBeNull();
    expect(s.yield).toMatchObject({ ok: true, value: { basis: 'reported', yield: 0.0149 } });
    expect(s.expenseCost).toMatchObject({ ok: true, value: { costCents: 14_601 } });
  });

  it('IVV has no holdings file: concentration and sectors are missing_input, yet its 0.03 % fee and yield are there', () => {
    const s = summariseEtf({ info: ivv, asOf: '2026-07-02', priceUsd: null, dividends: null });
    expect(s.concentration).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'holdings' } });
    expect(s.sectors).toMatchObject({ ok: false, error: { code: 'missing_input' } });
    expect(s.overlap).toBeNull();
    expect(s.expenseCost).toMatchObject({ ok: true, value: { expenseRatio: 0.0003 } });
    expect(s.yield.ok).toBe(true);
  });

  it('IWM has holdings but no sector table: sectors come from a symbol → sector map, the rest unmapped', () => {
    const top = iwm.holdings![0]!;
    const s = summariseEtf({
      info: iwm,
      asOf: '2026-07-02',
      priceUsd: null,
      dividends: null,
      sectorBySymbol: new Map([[top.symbol, 'Information Technology']]),
    });
    if (!s.sectors.ok) throw new Error(s.sectors.error.message);
    // Only the largest holding is mapped: its weight over 100 % (listed + the unlisted remainder) is IT.
    expect(s.sectors.value).toEqual([
      { sector: 'Information Technology', weight: expect.closeTo(top.weight_pct / 100, 12) },
      { sector: 'unmapped', weight: expect.closeTo(1 - top.weight_pct / 100, 12) },
    ]);
  });
});
