import { describe, expect, it } from 'vitest';
import { computeDividendSafety, computeDividendStreak, computeEarningsStability, scoreOnRamp } from './dividend-safety.ts';
import { buildAcmeTools } from './fixtures/acme-tools.ts';

const safetyOf = (f: ReturnType<typeof buildAcmeTools>) => {
  const r = computeDividendSafety(f);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const component = (s: ReturnType<typeof safetyOf>, id: string) => s.components.find((c) => c.id === id)!;

describe('dividend safety for Acme Tools FY2025 (weights 30/25/15/15/15)', () => {
  const s = safetyOf(buildAcmeTools());

  it('payout 40/112 = 0.357 ≤ 0.40: full 30 points', () => {
    expect(component(s, 'payout')).toMatchObject({ weight: 30, points: 1 });
  });

  it('FCF cover (180 − 60)/40 = 3× ≥ 2×: full 25 points', () => {
    expect(component(s, 'fcf_cover')).toMatchObject({ weight: 25, value: 3, points: 1 });
  });

  it('net debt / EBITDA (350 − 100)/200 = 1.25 on the 1× (full) → 4× (zero) ramp: (4 − 1.25)/3 = 0.91667 → 13.75 points', () => {
    expect(component(s, 'leverage').points).toBeCloseTo(0.916667, 6);
  });

  it('streak: DPS 0.25 → 0.28 → 0.30 → 0.32 → 0.36 → 0.40 never fell: 5 years → 5/10 × 15 = 7.5 points', () => {
    // Five rises from FY2020, the first year the statements hold: "at least 5 years (data from 2020)".
    expect(computeDividendStreak(buildAcmeTools())).toMatchObject({ years: 5, clipped: true, dataFrom: 2020 });
    expect(component(s, 'streak')).toMatchObject({ value: 5, points: 0.5, note: 'at least 5 years (data from 2020)' });
  });

  it('stability: net income 50 → 60 → 64 → 76 → 90 → 112, five of five years stable → 15 points', () => {
    expect(computeEarningsStability(buildAcmeTools())).toBe(1);
  });

  it('score = 30 + 25 + 13.75 + 7.5 + 15 = 91.25', () => {
    expect(s.score).toBeCloseTo(91.25, 12);
  });

  it('a cut (FY2025 DPS 0.30 < 0.36) ends the streak at 0; a loss year (FY2023 net income −10) is one unstable year of five: 4/5', () => {
    expect(computeDividendStreak(buildAcmeTools({ fy2025: { dividends_per_share: 0.3 } }))).toMatchObject({ years: 0, clipped: false });
    const f = buildAcmeTools();
    f.annual[3] = { ...f.annual[3]!, values: { ...f.annual[3]!.values, net_income: -10 } };
    // FY2023 −10 (a loss) and FY2024 90 ≥ 0.8 · (−10) counts as stable: unstable years are FY2023 only → 4/5.
    expect(computeEarningsStability(f)).toBeCloseTo(4 / 5, 12);
  });

  it('a loss in the latest year scores the payout 0 (not excluded): payout is the least safe case', () => {
    const loss = safetyOf(buildAcmeTools({ fy2025: { net_income: -20 } }));
    expect(component(loss, 'payout')).toMatchObject({ points: 0, value: null });
  });

  it('no EBITDA inputs: leverage is excluded and the rest re-weighted over 85: (30 + 25 + 7.5 + 15)/85 × 100 = 91.18', () => {
    const noLeverage = safetyOf(buildAcmeTools({ fy2025: { depreciation_amortization: null } }));
    expect(component(noLeverage, 'leverage').points).toBeNull();
    expect(noLeverage.score).toBeCloseTo((77.5 / 85) * 100, 10);
  });

  it('no dividend paid: not_applicable', () => {
    expect(computeDividendSafety(buildAcmeTools({ fy2025: { dividends_paid: null } }))).toMatchObject({ ok: false, error: { code: 'not_applicable' } });
  });

  it('ramps clamp to 0..1 whichever end is higher', () => {
    // Payout ramp 0.4 (full) → 1.0 (zero): 0.2 clamps to 1, 0.7 is (1 − 0.7)/0.6 = 0.5, 1.5 clamps to 0.
    expect(scoreOnRamp(0.2, { full: 0.4, zero: 1 })).toBe(1);
    expect(scoreOnRamp(0.7, { full: 0.4, zero: 1 })).toBeCloseTo(0.5, 12);
    expect(scoreOnRamp(1.5, { full: 0.4, zero: 1 })).toBe(0);
    expect(scoreOnRamp(1.5, { full: 2, zero: 1 })).toBeCloseTo(0.5, 12);
  });
});
