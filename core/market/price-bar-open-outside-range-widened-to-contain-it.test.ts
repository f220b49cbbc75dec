import { expect, it } from 'vitest';
import { checkOhlc } from './quality-checks.ts';
import { repairBarRange } from './price-bar-repair.ts';

it('CAT 2026-07-02: open 1001.28 above the high 1000.65 → the high becomes 1001.28, the rest unchanged', () => {
  const bar = { date: '2026-07-02', open: 1001.28, high: 1000.65, low: 948.78, close: 963.53, volume: 3_422_422 };
  const r = repairBarRange(bar)!;
  expect(r.fault).toBe('open 1001.28 outside low–high 948.78–1000.65');
  expect(r.bar).toEqual({ ...bar, high: 1001.28 });
  expect(checkOhlc('CAT', [r.bar])).toEqual([]);
});

it('O 2026-07-02: open 62.20 below the low 62.22 → the low becomes 62.20', () => {
  const r = repairBarRange({ open: 62.2, high: 63.85, low: 62.22, close: 63.84 })!;
  expect(r.bar).toEqual({ open: 62.2, high: 63.85, low: 62.2, close: 63.84 });
});

it('a low above the high is swapped, then widened: low 11, high 9, close 12 → low 9, high 12', () => {
  expect(repairBarRange({ open: 10, high: 9, low: 11, close: 12 })!.bar).toEqual({ open: 10, high: 12, low: 9, close: 12 });
});

it('a consistent bar is not touched', () => {
  expect(repairBarRange({ open: 10, high: 11, low: 9, close: 10 })).toBeNull();
});
