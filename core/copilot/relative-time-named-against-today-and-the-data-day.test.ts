import { describe, expect, it } from 'vitest';
import { describeDataDayAgainstToday } from './relative-time.ts';

describe('relative time is read against the data’s last day, and the answer names both days', () => {
  it('"last month" asked on 2026-11-29 of prices ending 2026-07-02: 150 days apart (Jul 2 → Nov 29 = 29 + 31 + 30 + 31 + 29)', () => {
    expect(describeDataDayAgainstToday('Why did NVDA drop last month?', '2026-11-29T10:00:00.000Z', '2026-07-02')).toBe(
      'Today is 2026-11-29, but our prices end on 2026-07-02, 150 days earlier: “last month” is read up to 2026-07-02.',
    );
  });
  it('says nothing when the data is current (a weekend: 3 days) or when the question names no relative time', () => {
    expect(describeDataDayAgainstToday('How did AAPL do this year?', '2026-07-05', '2026-07-02')).toBeNull();
    expect(describeDataDayAgainstToday('How did AAPL do over 6 months?', '2026-11-29', '2026-07-02')).toBeNull();
    expect(describeDataDayAgainstToday('AAPL performance year to date', '2026-11-29', '2026-07-02')).toContain('“year to date” is read up to 2026-07-02');
  });
});
