import { describe, expect, it } from 'vitest';
import { describeFreshness, STALE_AFTER_TRADING_DAYS } from './freshness.ts';

const at = (iso: string) => Date.parse(iso);

describe('data freshness', () => {
  it('the bundled snapshot of 2026-07-02 read on 2026-11-28: 149 days old (29 + 31 + 30 + 31 + 28), 103 trading days behind, stale', () => {
    const f = describeFreshness({ asOf: '2026-07-02', nowMs: at('2026-11-28T21:00:00Z'), source: 'bundled' });
    expect(f.today).toBe('2026-11-28');
    expect(f.last_trading_day).toBe('2026-11-27');
    expect(f.age_days).toBe(29 + 31 + 30 + 31 + 28);
    expect(f.lag_trading_days).toBe(103);
    expect(f.stale).toBe(true);
    expect(f.notice).toBe('Demo data from Jul 2, 2026 — 149 days old.');
    expect(f.reason).toMatch(/bundled snapshot/);
  });

  it(`a vendor one trading day behind is normal (bars arrive after the close); ${STALE_AFTER_TRADING_DAYS} behind is stale`, () => {
    // Wednesday 2026-11-25 at 22:00 UTC (17:00 EST): Wednesday has closed, the vendor still serves Tuesday.
    const evening = describeFreshness({ asOf: '2026-11-24', nowMs: at('2026-11-25T22:00:00Z'), source: 'live' });
    expect(evening.lag_trading_days).toBe(1);
    expect(evening.stale).toBe(false);
    expect(evening.notice).toBeNull();
    // Monday 2026-11-30 at 22:00 UTC: Friday 27 and Monday 30 missing (Thursday 26 was Thanksgiving).
    const outage = describeFreshness({ asOf: '2026-11-25', nowMs: at('2026-11-30T22:00:00Z'), source: 'live' });
    expect(outage.lag_trading_days).toBe(2);
    expect(outage.stale).toBe(true);
    expect(outage.notice).toBe('Market data from Nov 25, 2026 — 5 days old.');
    expect(outage.reason).toBe('The data vendor has not delivered the 2 trading days since; figures and verdicts stay as of that day until it does.');
  });

  it('a snapshot made after the last close (a weekend read of Friday’s data) is current: 1 day old, 0 behind', () => {
    const f = describeFreshness({ asOf: '2026-11-27', nowMs: at('2026-11-28T15:00:00Z'), source: 'bundled' });
    expect(f).toMatchObject({ age_days: 1, lag_trading_days: 0, stale: false, notice: null, reason: null });
  });
});
