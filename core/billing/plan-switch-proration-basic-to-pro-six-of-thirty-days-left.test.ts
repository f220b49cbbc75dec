import { expect, it } from 'vitest';
import { prorateSwitch } from './proration.ts';

const APR_1 = new Date('2026-04-01T00:00:00.000Z');
const MAY_1 = new Date('2026-05-01T00:00:00.000Z');
const APR_25 = new Date('2026-04-25T00:00:00.000Z'); // 6 of April's 30 days left

it("Stripe's proration, per line rounded to the cent: Basic → Pro with 6 of 30 days left = 2999 × 6/30 (599.8 → 600) − 999 × 6/30 (199.8 → 200) = 400 ¢", () => {
  expect(prorateSwitch({ oldCents: 999, newCents: 2999, periodStart: APR_1, periodEnd: MAY_1, at: APR_25 })).toEqual({
    remainingFraction: 0.2,
    creditCents: 200,
    chargeCents: 600,
    netCents: 400,
  });
});

it('at the period’s start the whole difference (2999 − 999 = 2000 ¢), at its end nothing; a downgrade nets negative (a credit)', () => {
  const whole = { oldCents: 999, newCents: 2999, periodStart: APR_1, periodEnd: MAY_1 };
  expect(prorateSwitch({ ...whole, at: APR_1 }).netCents).toBe(2000);
  expect(prorateSwitch({ ...whole, at: MAY_1 }).netCents).toBe(0);
  // Pro → Basic with 6 days left: 200 − 600 = −400 ¢.
  expect(prorateSwitch({ oldCents: 2999, newCents: 999, periodStart: APR_1, periodEnd: MAY_1, at: APR_25 }).netCents).toBe(-400);
});
