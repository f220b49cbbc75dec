/**
 * Stripe's proration of a price switch made now, on the current period: a credit for the unused time on the
 * old price and a charge for the remaining time on the new price, each line rounded to the cent, time counted
 * to the second. The sandbox charges the net at once when it is positive (Stripe's `always_invoice`, what the
 * portal and `changeSubscriptionPrice` ask for).
 */
export function prorateSwitch(input: { oldCents: number; newCents: number; periodStart: Date; periodEnd: Date; at: Date }): {
  remainingFraction: number;
  creditCents: number;
  chargeCents: number;
  netCents: number;
} {
  const periodS = Math.round((input.periodEnd.getTime() - input.periodStart.getTime()) / 1000);
  const remainingS = Math.min(periodS, Math.max(0, Math.round((input.periodEnd.getTime() - input.at.getTime()) / 1000)));
  const remainingFraction = periodS > 0 ? remainingS / periodS : 0;
  const creditCents = Math.round((input.oldCents * remainingS) / Math.max(1, periodS));
  const chargeCents = Math.round((input.newCents * remainingS) / Math.max(1, periodS));
  return { remainingFraction, creditCents, chargeCents, netCents: chargeCents - creditCents };
}
