import { describe, expect, it } from 'vitest';
import { placeGaugeNeedle } from './rating-gauge-geometry.ts';

describe('the rating gauge needle on a half circle of radius 100 centred at (120, 110)', () => {
  it('−1 points left (angle π): (120 − 100, 110) = (20, 110); 0 points up: (120, 110 − 100) = (120, 10); 1 points right: (220, 110)', () => {
    const left = placeGaugeNeedle(-1, 100, 120, 110);
    expect(left.x).toBeCloseTo(20, 9);
    expect(left.y).toBeCloseTo(110, 9);
    const up = placeGaugeNeedle(0, 100, 120, 110);
    expect(up.x).toBeCloseTo(120, 9);
    expect(up.y).toBeCloseTo(10, 9);
    const right = placeGaugeNeedle(1, 100, 120, 110);
    expect(right.x).toBeCloseTo(220, 9);
    expect(right.y).toBeCloseTo(110, 9);
  });

  it('0.5 (the buy / strong buy edge) is at angle π/4: (120 + 100·cos 45°, 110 − 100·sin 45°) ≈ (190.71, 39.29)', () => {
    const p = placeGaugeNeedle(0.5, 100, 120, 110);
    expect(p.x).toBeCloseTo(120 + 100 * Math.SQRT1_2, 9);
    expect(p.y).toBeCloseTo(110 - 100 * Math.SQRT1_2, 9);
  });

  it('a score past the ends is held there: 3 reads as 1', () => {
    expect(placeGaugeNeedle(3, 100, 120, 110)).toEqual(placeGaugeNeedle(1, 100, 120, 110));
  });
});
