import { describe, expect, it } from 'vitest';
import { describeEntry, isShownEntry } from './activity-rows.ts';

const entry = (
  reason: string,
  change: number,
  plan_change?: { from: 'Free' | 'Basic' | 'Pro'; to: 'Free' | 'Basic' | 'Pro'; applied: 'now' | 'at-period-end' | 'none' },
) => ({
  id: 1,
  reason,
  change,
  balance_after: 10,
  created_at: '2026-06-01T00:00:00.000Z',
  plan_change,
});

describe('token activity rows', () => {
  it('name the plans of a plan change, and say when a scheduled one happens', () => {
    expect(describeEntry(entry('tier_change', 40, { from: 'Free', to: 'Basic', applied: 'now' }))).toBe('Plan: Free → Basic');
    expect(describeEntry(entry('tier_change', 0, { from: 'Pro', to: 'Free', applied: 'at-period-end' }))).toBe('Plan change to Free at period end');
    expect(describeEntry(entry('tier_change', 0))).toBe('Plan changed'); // an entry without details
    expect(describeEntry(entry('purchase', 50))).toBe('Tokens purchased');
    // A copilot answer is named as one, not as an analysis (issue 34: charged only for answers, said so).
    expect(describeEntry({ ...entry('hold', -0.3), copilot: { conversation_id: 'c1' } })).toBe('Copilot answer');
    expect(describeEntry(entry('hold', -1))).toBe('Reserved for an analysis');
  });

  it('show money moving and real plan changes; hide captures (0) and plan changes that changed nothing', () => {
    expect(isShownEntry(entry('purchase', 50))).toBe(true);
    expect(isShownEntry(entry('capture', 0))).toBe(false);
    expect(isShownEntry(entry('tier_change', 0, { from: 'Pro', to: 'Free', applied: 'at-period-end' }))).toBe(true);
    expect(isShownEntry(entry('tier_change', 0, { from: 'Pro', to: 'Pro', applied: 'none' }))).toBe(false);
  });
});
