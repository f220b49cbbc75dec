import { describe, expect, it } from 'vitest';
import { closeMinutesOf, countTradingDaysAfter, findLastCompletedTradingDay, isTradingDay, listNyseHolidays } from './trading-calendar.ts';

// The exchange's published calendars (nyse.com/markets/hours-calendars), holidays only (weekends aside).
const PUBLISHED: Record<number, string[]> = {
  2024: ['2024-01-01', '2024-01-15', '2024-02-19', '2024-03-29', '2024-05-27', '2024-06-19', '2024-07-04', '2024-09-02', '2024-11-28', '2024-12-25'],
  2025: ['2025-01-01', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26', '2025-06-19', '2025-07-04', '2025-09-01', '2025-11-27', '2025-12-25'],
  // Independence Day on a Saturday is kept on Friday July 3.
  2026: ['2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25'],
  // Juneteenth and Christmas on Saturdays → the Fridays before; July 4 on a Sunday → Monday July 5.
  2027: ['2027-01-01', '2027-01-18', '2027-02-15', '2027-03-26', '2027-05-31', '2027-06-18', '2027-07-05', '2027-09-06', '2027-11-25', '2027-12-24'],
};

const at = (iso: string) => Date.parse(iso);

describe('the NYSE calendar', () => {
  it.each(Object.entries(PUBLISHED))('%s: the rules give exactly the published holidays', (year, days) => {
    expect(listNyseHolidays(Number(year))).toEqual(days);
  });

  it('New Year on a Saturday is not made up on the Friday before (2021-12-31 and 2027-12-31 trade)', () => {
    expect(isTradingDay('2021-12-31')).toBe(true);
    expect(listNyseHolidays(2022)).not.toContain('2021-12-31');
    expect(isTradingDay('2027-12-31')).toBe(true);
  });

  it('announced closures that no rule knows: the national days of mourning of 2018-12-05 and 2025-01-09', () => {
    expect(isTradingDay('2018-12-05')).toBe(false);
    expect(isTradingDay('2025-01-09')).toBe(false);
    expect(isTradingDay('2025-01-08')).toBe(true);
  });

  it('early closes at 13:00 (780 minutes): July 3, the day after Thanksgiving, December 24 — when they trade', () => {
    expect(closeMinutesOf('2025-07-03')).toBe(13 * 60);
    expect(closeMinutesOf('2026-11-27')).toBe(13 * 60);
    expect(closeMinutesOf('2026-12-24')).toBe(13 * 60);
    expect(closeMinutesOf('2026-12-23')).toBe(16 * 60);
    // 2026-07-03 is the observed holiday, 2027-12-24 the observed Christmas: no session, no early close.
    expect(isTradingDay('2026-07-03')).toBe(false);
    expect(isTradingDay('2027-12-24')).toBe(false);
  });

  it('the last completed day: the close must have passed in New York (EST is UTC−5, EDT UTC−4)', () => {
    // Tuesday 2026-11-24, 20:59 UTC = 15:59 EST: the day has not closed → Monday.
    expect(findLastCompletedTradingDay(at('2026-11-24T20:59:00Z'))).toBe('2026-11-23');
    // 21:00 UTC = 16:00 EST: closed → Tuesday.
    expect(findLastCompletedTradingDay(at('2026-11-24T21:00:00Z'))).toBe('2026-11-24');
    // Friday 2026-11-27 closes at 13:00 EST = 18:00 UTC.
    expect(findLastCompletedTradingDay(at('2026-11-27T17:59:00Z'))).toBe('2026-11-25');
    expect(findLastCompletedTradingDay(at('2026-11-27T18:00:00Z'))).toBe('2026-11-27');
    // Saturday 2026-11-28 → Friday; Monday 2026-07-06 before the open → Thursday 2026-07-02 (Friday July 3 is closed).
    expect(findLastCompletedTradingDay(at('2026-11-28T21:00:00Z'))).toBe('2026-11-27');
    expect(findLastCompletedTradingDay(at('2026-07-06T13:00:00Z'))).toBe('2026-07-02');
    // Summer time: 2026-07-02 closes at 16:00 EDT = 20:00 UTC.
    expect(findLastCompletedTradingDay(at('2026-07-02T19:59:00Z'))).toBe('2026-07-01');
    expect(findLastCompletedTradingDay(at('2026-07-02T20:00:00Z'))).toBe('2026-07-02');
  });

  it('trading days after 2026-07-02 up to 2026-11-27: 106 weekdays from Jul 3 − 3 holidays (Jul 3, Sep 7, Nov 26) = 103', () => {
    expect(countTradingDaysAfter('2026-07-02', '2026-11-27')).toBe(106 - 3);
    expect(countTradingDaysAfter('2026-11-27', '2026-11-27')).toBe(0);
    expect(countTradingDaysAfter('2026-11-27', '2026-11-20')).toBe(0);
  });
});
