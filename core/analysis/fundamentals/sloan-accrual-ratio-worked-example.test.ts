import { describe, expect, it } from 'vitest';
import { buildAcmeTools } from './fixtures/acme-tools.ts';
import { computeSloanAccruals } from './sloan-accruals.ts';

describe('Sloan accrual ratio', () => {
  it('Acme FY2025: (112 − 180) / ((1000 + 1200)/2) = −68 / 1100 = −0.06182: safe (|r| ≤ 0.10)', () => {
    const r = computeSloanAccruals(buildAcmeTools());
    expect(r.ok && r.value).toMatchObject({ accruals: -68, averageAssets: 1100, zone: 'safe' });
    expect(r.ok && r.value.ratio).toBeCloseTo(-0.061818, 6);
  });

  it('net income 400 on cash flow 180: (400 − 180)/1100 = 0.2: warning; 600: 420/1100 = 0.38: danger', () => {
    const warn = computeSloanAccruals(buildAcmeTools({ fy2025: { net_income: 400 } }));
    expect(warn.ok && warn.value.ratio).toBeCloseTo(0.2, 12);
    expect(warn.ok && warn.value.zone).toBe('warning');
    const danger = computeSloanAccruals(buildAcmeTools({ fy2025: { net_income: 600 } }));
    expect(danger.ok && danger.value.zone).toBe('danger');
  });

  it('no operating cash flow: missing_input names it', () => {
    expect(computeSloanAccruals(buildAcmeTools({ fy2025: { operating_cash_flow: null } }))).toMatchObject({
      ok: false,
      error: { code: 'missing_input', input: 'operating_cash_flow' },
    });
  });
});
