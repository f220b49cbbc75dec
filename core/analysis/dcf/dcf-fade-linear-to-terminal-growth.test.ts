import { describe, expect, it } from 'vitest';
import { computeDcf, projectGrowthPath } from './two-stage.ts';

describe('fade: growth steps linearly from the explicit rate towards terminal growth', () => {
  // 2 explicit years at 10 %, 3 fade years, terminal 2 %: step = (2 − 10) / (3 + 1) = −2 points,
  // so the fade years grow 8 %, 6 %, 4 % and the terminal year (the Gordon step) 2 %.
  const p = { explicitGrowth: 0.1, terminalGrowth: 0.02, explicitYears: 2, fadeYears: 3 };

  it('path: 10 %, 10 %, 8 %, 6 %, 4 %', () => {
    const g = [...projectGrowthPath(p)];
    expect(g).toHaveLength(5);
    for (const [i, x] of [0.1, 0.1, 0.08, 0.06, 0.04].entries()) expect(g[i]).toBeCloseTo(x, 14);
  });

  it('FCF 100 → 110 → 121 → 130.68 → 138.5208 → 144.061632; terminal 144.061632 × 1.02 / (0.09 − 0.02)', () => {
    const r = computeDcf({ baseFcfUsd: 100, sharesDiluted: 1, totalDebtUsd: 0, cashUsd: 0, nciUsd: 0, priceUsd: null }, { ...p, discountRate: 0.09 });
    if (!r.ok) throw new Error(r.error.message);
    const fcf = [110, 121, 130.68, 138.5208, 144.061632];
    r.value.years.forEach((y, i) => {
      expect(y.fcfUsd).toBeCloseTo(fcf[i]!, 9);
      expect(y.stage).toBe(i < 2 ? 'explicit' : 'fade');
      expect(y.presentValueUsd).toBeCloseTo(fcf[i]! / 1.09 ** (i + 1), 9);
    });
    const tv = (144.061632 * 1.02) / 0.07;
    expect(r.value.terminal.valueUsd).toBeCloseTo(tv, 6);
    const ev = fcf.reduce((s, f, i) => s + f / 1.09 ** (i + 1), 0) + tv / 1.09 ** 5;
    expect(r.value.enterpriseValueUsd).toBeCloseTo(ev, 6);
    // No debt, cash or NCI, one share: per share = EV.
    expect(r.value.perShareUsd).toBeCloseTo(ev, 6);
  });

  it('a fade from below rises towards terminal growth: −4 % explicit, 2 fade years to 2 % → −2 %, 0 %', () => {
    const g = [...projectGrowthPath({ explicitGrowth: -0.04, terminalGrowth: 0.02, explicitYears: 1, fadeYears: 2 })];
    for (const [i, x] of [-0.04, -0.02, 0].entries()) expect(g[i]).toBeCloseTo(x, 14);
  });
});
