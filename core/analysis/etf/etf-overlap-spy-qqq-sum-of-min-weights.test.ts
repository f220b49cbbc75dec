import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EtfInfo } from '../../market/types.ts';
import { createBundledProvider } from '../../../server/adapters/market-data/bundled/index.ts';
import { findAppRoot } from '../../../server/lib/app-root.ts';
import { computeOverlap } from './overlap.ts';

const h = (symbol: string, weight_pct: number) => ({ symbol, name: symbol, weight_pct });

describe('overlap = Σ min(wA, wB) over symbols both hold', () => {
  // A: X 50 %, Y 30 %, Z 20 %.  B: X 10 %, Y 60 %, W 30 %.
  // Common X: min(0.5, 0.1) = 0.1; Y: min(0.3, 0.6) = 0.3; Z and W are not common. Overlap 0.4.
  const a = [h('X', 50), h('Y', 30), h('Z', 20)];
  const b = [h('X', 10), h('Y', 60), h('W', 30)];

  it('0.1 + 0.3 = 0.4, common holdings listed by overlap weight', () => {
    const r = computeOverlap(a, b);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.overlap).toBeCloseTo(0.4, 14);
    expect(r.value.common.map((c) => [c.symbol, c.weightA, c.weightB, c.overlapWeight])).toEqual([
      ['Y', 0.3, 0.6, 0.3],
      ['X', 0.5, 0.1, 0.1],
    ]);
    expect(r.value).toMatchObject({ commonCount: 2, holdingCountA: 3, holdingCountB: 3 });
  });

  it('symbols match across spellings (brk-b, BRK.B) and a repeated line counts once, summed', () => {
    const r = computeOverlap([h('BRK.B', 5), h('brk-b ', 1)], [h('BRK-B', 4)]);
    // A holds BRK.B 6 % in total, B 4 %: overlap 0.04.
    expect(r.ok && r.value.overlap).toBeCloseTo(0.04, 14);
    expect(r.ok && r.value.common[0]!.weightA).toBeCloseTo(0.06, 14);
  });

  it('no holdings, or a negative or NaN weight: typed', () => {
    expect(computeOverlap(null, b)).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'holdings_a' } });
    expect(computeOverlap(a, [])).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'holdings_b' } });
    expect(computeOverlap(a, [h('X', -1)])).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'holdings_b', index: 0 } });
    expect(computeOverlap([h('X', Number.NaN)], b)).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'holdings_a' } });
    expect(computeOverlap([h('X', 80), h('Y', 30)], b)).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'holdings_a' } });
  });
});

describe('SPY × QQQ on the bundled holdings (2025-10-31)', () => {
  let spy: EtfInfo;
  let qqq: EtfInfo;
  beforeAll(async () => {
    const p = createBundledProvider(join(findAppRoot(), 'data'));
    await p.store.preload();
    spy = (await p.getEtfInfo!('SPY'))!;
    qqq = (await p.getEtfInfo!('QQQ'))!;
  });

  it('matches the identity Σ min(a, b) = (Σ a + Σ b − Σ |a − b|) / 2 over the union of symbols', () => {
    // Independent computation: min(a, b) = (a + b − |a − b|) / 2 for each symbol in either fund
    // (a missing weight is 0, so names held by one fund only add nothing).
    const union = new Map<string, [number, number]>();
    for (const x of spy.holdings!) union.set(x.symbol, [x.weight_pct / 100, 0]);
    for (const x of qqq.holdings!) union.set(x.symbol, [union.get(x.symbol)?.[0] ?? 0, x.weight_pct / 100]);
    let sumA = 0;
    let sumB = 0;
    let sumAbs = 0;
    for (const [wa, wb] of union.values()) {
      sumA += wa;
      sumB += wb;
      sumAbs += Math.abs(wa - wb);
    }
    const expected = (sumA + sumB - sumAbs) / 2;

    const r = computeOverlap(spy.holdings, qqq.holdings);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.overlap).toBeCloseTo(expected, 12);
    expect(r.value.overlap).toBeCloseTo(0.5161, 4);
    expect(r.value.commonCount).toBe(88);
    expect(r.value.holdingCountA).toBe(503);
    expect(r.value.holdingCountB).toBe(101);
    // The largest common line is NVIDIA: SPY 8.05 %, QQQ 9.92 % → 8.05 %.
    expect(r.value.common[0]).toMatchObject({ symbol: 'NVDA', overlapWeight: expect.closeTo(0.0804556, 7) });
  });

  it('is the same either way round', () => {
    const ab = computeOverlap(spy.holdings, qqq.holdings);
    const ba = computeOverlap(qqq.holdings, spy.holdings);
    expect(ab.ok && ba.ok && ab.value.overlap === ba.value.overlap).toBe(true);
  });
});
