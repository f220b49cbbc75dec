/**
 * The New York Stock Exchange's calendar: which days trade, and when each closes (16:00 New York time, 13:00 on
 * the three scheduled early closes). Used to know the last trading day whose data should exist, so the app can
 * say how far behind its data is.
 *
 * Why rules and not a library: the npm packages found (nyse-holidays 1.2.0, trading-calendar 1.1.1 on luxon 1)
 * are unmaintained; NYSE Rule 7.2's holidays follow fixed rules that fit in this file, and the test checks them
 * against the exchange's published 2024–2027 calendars. An unscheduled closure (a national day of mourning) is
 * added to UNSCHEDULED_CLOSURES when the exchange announces it.
 */

const DAY_MS = 86_400_000;
const CLOSE_MINUTES = 16 * 60;
const EARLY_CLOSE_MINUTES = 13 * 60;

/** Closures the rules cannot know, announced by the exchange. */
const UNSCHEDULED_CLOSURES: ReadonlySet<string> = new Set(['2018-12-05', '2025-01-09']);

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const utcDay = (y: number, m: number, d: number) => toDay(Date.UTC(y, m - 1, d));
const weekday = (day: string) => new Date(dayMs(day)).getUTCDay();
/** Adds whole calendar days to a YYYY-MM-DD day. */
export const addDays = (day: string, n: number) => toDay(dayMs(day) + n * DAY_MS);

/** The n-th (1-based) given weekday of a month, or the last one with n = -1. */
function nthWeekday(y: number, m: number, dow: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
    return utcDay(y, m, 1 + ((dow - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDate = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const last = new Date(Date.UTC(y, m - 1, lastDate)).getUTCDay();
  return utcDay(y, m, lastDate - ((last - dow + 7) % 7));
}

/** Easter Sunday (the anonymous Gregorian algorithm); Good Friday is two days before. */
function easterSunday(y: number): string {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcDay(y, month, day);
}

/** A fixed-date holiday moved off the weekend: Saturday → Friday, Sunday → Monday. */
function observed(day: string): string {
  const w = weekday(day);
  return w === 6 ? addDays(day, -1) : w === 0 ? addDays(day, 1) : day;
}

/** The exchange's full-day holidays of a year (NYSE Rule 7.2), as YYYY-MM-DD days. */
export function listNyseHolidays(year: number): string[] {
  // New Year's Day on a Saturday is not made up on the Friday before (that Friday ends the previous year).
  const newYear = utcDay(year, 1, 1);
  const days = [
    weekday(newYear) === 6 ? null : observed(newYear),
    nthWeekday(year, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    addDays(easterSunday(year), -2), // Good Friday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    year >= 2022 ? observed(utcDay(year, 6, 19)) : null, // Juneteenth
    observed(utcDay(year, 7, 4)),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving
    observed(utcDay(year, 12, 25)),
  ];
  return days.filter((d): d is string => d !== null);
}

const holidayCache = new Map<number, ReadonlySet<string>>();
function holidaysOf(year: number): ReadonlySet<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(listNyseHolidays(year));
    holidayCache.set(year, set);
  }
  return set;
}

/** Whether the exchange trades on this day. */
export function isTradingDay(day: string): boolean {
  const w = weekday(day);
  if (w === 0 || w === 6) return false;
  return !holidaysOf(Number(day.slice(0, 4))).has(day) && !UNSCHEDULED_CLOSURES.has(day);
}

/** The close in minutes after midnight New York time: 13:00 on July 3, the day after Thanksgiving and December 24. */
export function closeMinutesOf(day: string): number {
  const y = Number(day.slice(0, 4));
  const md = day.slice(5);
  const early = md === '07-03' || md === '12-24' || day === addDays(nthWeekday(y, 11, 4, 4), 1);
  return early && isTradingDay(day) ? EARLY_CLOSE_MINUTES : CLOSE_MINUTES;
}

const newYorkParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The New York calendar day and minute of an instant. */
export function toNewYorkTime(ms: number): { day: string; minutes: number } {
  const p = Object.fromEntries(newYorkParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}

/** The latest trading day on or before `day`. */
function findTradingDayOnOrBefore(day: string): string {
  let d = day;
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

/** The last trading day whose close has passed at this instant: the newest day a vendor can have bars for. */
export function findLastCompletedTradingDay(nowMs: number): string {
  const { day, minutes } = toNewYorkTime(nowMs);
  if (isTradingDay(day) && minutes >= closeMinutesOf(day)) return day;
  return findTradingDayOnOrBefore(addDays(day, -1));
}

/** Trading days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function countTradingDaysAfter(from: string, to: string): number {
  let n = 0;
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (isTradingDay(d)) n++;
  return n;
}

/** Whole calendar days from `from` to `to`. */
export const countCalendarDays = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
