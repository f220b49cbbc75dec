import { describe, expect, it } from 'vitest';
import { computeUpsidePercent, pickHeatStep } from './dcf-heat-colour.ts';

describe('a DCF grid cell is coloured by its upside over the price', () => {
  it('value $150 on a $200 price: 150 / 200 − 1 = −0.25 → −25 % → "10–30 % below"', () => {
    const up = computeUpsidePercent(150, 200)!;
    expect(up).toBeCloseTo(-25, 9);
    expect(pickHeatStep(up).label).toBe('10–30 % below');
  });
  it('bounds belong to the step above: −10 % exactly is "within 10 %", +30 % exactly is "30 % or more above"', () => {
    expect(pickHeatStep(-10).label).toBe('within 10 %');
    expect(pickHeatStep(30).label).toBe('30 % or more above the price');
    expect(pickHeatStep(29.99).label).toBe('10–30 % above');
  });
  it('far below (value $20 on $200: −90 %) is the darkest red; no price or no value → no upside', () => {
    expect(pickHeatStep(computeUpsidePercent(20, 200)!).background).toBe('#b91c1c');
    expect(computeUpsidePercent(null, 200)).toBeNull();
    expect(computeUpsidePercent(150, null)).toBeNull();
    expect(computeUpsidePercent(150, 0)).toBeNull();
  });
});
