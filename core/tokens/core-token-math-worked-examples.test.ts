import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  checkTopupAllowed,
  computeRemainingAnalyses,
  computeTopupPriceCents,
  convertTokensToMt,
  findAmountProblem,
  findPeriodAt,
  isPeriodPaid,
  planImmediateDowngrade,
  planTierChange,
  tokenPackages,
  validateTopupTokens,
} from './index.ts';

describe('units', () => {
  it('amounts are integers from 1 to 10^12 mt', () => {
    expect([1, 800, 1e12].map(findAmountProblem)).toEqual([null, null, null]);
    expect([-1, 0, 0.5, 1.5, Number.NaN, 1e12 + 1, Number.POSITIVE_INFINITY, '5'].map(findAmountProblem)).toEqual([
      'not_positive',
      'not_positive',
      'below_one_mt',
      'not_integer',
      'not_a_number',
      'too_large',
      'too_large',
      'not_a_number',
    ]);
  });

  it('tokens → mt accepts at most 3 decimals (0.1 × 1000 = 100.00000000000001 in floats is still 100)', () => {
    expect(convertTokensToMt(0.1)).toBe(100);
    expect(convertTokensToMt(1.2)).toBe(1200);
    expect(convertTokensToMt(0.0005)).toBeNull();
  });

  it('remaining analyses = floor(balance / 0.8) without the float trap: 2.4 / 0.8 = 2.9999999999999996 in floats, 3 here', () => {
    expect(2.4 / 0.8).toBeLessThan(3);
    expect(computeRemainingAnalyses(2.4)).toBe(3);
    expect(computeRemainingAnalyses(10)).toBe(12); // 10 / 0.8 = 12.5
    expect(computeRemainingAnalyses(0.799)).toBe(0);
    expect(computeRemainingAnalyses(-1)).toBe(0);
  });
});

describe('catalog', () => {
  it('packages: 20/$10 Starter, 50/$25 Popular (highlighted), 100/$50 Pro, 200/$100 Business at $0.50 a token', () => {
    expect(tokenPackages.map((p) => [p.name, p.tokens, p.priceCents, p.popular, p.analyses])).toEqual([
      ['Starter', 20, 1000, false, 25],
      ['Popular', 50, 2500, true, 62],
      ['Pro', 100, 5000, false, 125],
      ['Business', 200, 10000, false, 250],
    ]);
  });

  it('top-up amounts: integers from 20 to 10,000; 37 tokens cost 37 × 50 = 1,850 cents', () => {
    expect(validateTopupTokens(37)).toEqual({ ok: true, tokens: 37, amountMt: 37_000, priceCents: 1850 });
    expect(computeTopupPriceCents(10_000)).toBe(500_000);
    expect(validateTopupTokens(19)).toMatchObject({ ok: false, problem: 'below_minimum', message: 'Minimum purchase is 20 tokens ($10).' });
    expect(validateTopupTokens(10_001)).toMatchObject({ ok: false, problem: 'above_maximum' });
    expect(validateTopupTokens(20.5)).toMatchObject({ ok: false, problem: 'not_integer' });
    expect(validateTopupTokens('20')).toMatchObject({ ok: false, problem: 'not_integer' });
  });

  it('top-up only for Basic/Pro below 5 tokens', () => {
    expect(checkTopupAllowed('Free', 0)).toEqual({ ok: false, reason: 'free_tier' });
    expect(checkTopupAllowed('Basic', 5000)).toEqual({ ok: false, reason: 'sufficient_tokens' });
    expect(checkTopupAllowed('Pro', 4999)).toEqual({ ok: true });
  });
});

describe('periods', () => {
  it('month arithmetic clamps to the month end and keeps the anchor day: Jan 31 → Feb 28 → Mar 31', () => {
    const anchor = new Date('2026-01-31T10:00:00.000Z');
    expect(addMonthsUtc(anchor, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonthsUtc(anchor, 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addMonthsUtc(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('an account idle for months lands in the current period', () => {
    const p = findPeriodAt(new Date('2026-01-31T10:00:00Z'), new Date('2026-06-15T00:00:00Z'));
    expect([p.start.toISOString(), p.end.toISOString()]).toEqual(['2026-05-31T10:00:00.000Z', '2026-06-30T10:00:00.000Z']);
    const edge = findPeriodAt(new Date('2026-01-31T10:00:00Z'), new Date('2026-02-28T10:00:00Z'));
    expect(edge.start.toISOString()).toBe('2026-02-28T10:00:00.000Z');
  });

  it('tier change plans: upgrade from Free starts paid, Basic → Pro halfway adds 150 × 0.5 = 75 tokens, downgrades wait', () => {
    const period = { start: new Date('2026-04-01T00:00:00Z'), end: new Date('2026-05-01T00:00:00Z') };
    const mid = new Date('2026-04-16T00:00:00Z'); // 15 of 30 days left
    expect(planTierChange('Free', 'Pro', period, mid)).toEqual({ kind: 'start-paid', allocationMt: 200_000 });
    expect(planTierChange('Basic', 'Pro', period, mid)).toEqual({ kind: 'prorated-upgrade', addMt: 75_000, prorationFactor: 0.5 });
    expect(planTierChange('Pro', 'Basic', period, mid)).toEqual({ kind: 'at-period-end' });
    expect(planTierChange('Basic', 'Free', period, mid)).toEqual({ kind: 'at-period-end' });
    expect(planTierChange('Pro', 'Pro', period, mid)).toEqual({ kind: 'none' });
  });

  it('a downgrade the provider applies now owes the upgrade grant (or 150 × the remaining fraction), capped at the unspent allocation', () => {
    const period = { start: new Date('2026-04-01T00:00:00Z'), end: new Date('2026-05-01T00:00:00Z') };
    const mid = new Date('2026-04-16T00:00:00Z');
    expect(planImmediateDowngrade('Pro', 'Basic', { upgradeGrantMt: 75_000, allocationMt: 95_000, period }, mid)).toEqual({
      owedMt: 75_000,
      takeBackMt: 75_000,
      basis: 'upgrade-grant',
    });
    expect(planImmediateDowngrade('Pro', 'Basic', { upgradeGrantMt: 75_000, allocationMt: 15_000, period }, mid)).toEqual({
      owedMt: 75_000,
      takeBackMt: 15_000,
      basis: 'upgrade-grant',
    });
    // 12 of 30 days left: 150,000 × 0.4 = 60,000.
    const later = new Date('2026-04-19T00:00:00Z');
    expect(planImmediateDowngrade('Pro', 'Basic', { upgradeGrantMt: 0, allocationMt: 200_000, period }, later)).toEqual({
      owedMt: 60_000,
      takeBackMt: 60_000,
      basis: 'remaining-fraction',
    });
  });

  it('a ledger period counts as paid when the provider is paid past its middle (the calendars are minutes apart)', () => {
    const period = { start: new Date('2026-06-01T00:00:05Z'), end: new Date('2026-07-01T00:00:05Z') };
    expect(isPeriodPaid(period, null)).toBe(false);
    expect(isPeriodPaid(period, new Date('2026-06-01T00:00:00Z'))).toBe(false); // only May is paid
    expect(isPeriodPaid(period, new Date('2026-07-01T00:00:00Z'))).toBe(true); // June's invoice, 5 s earlier anchor
  });
});
