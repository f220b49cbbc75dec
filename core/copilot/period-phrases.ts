import type { CopilotPeriod } from './copilot-types.ts';
import { SMALL_NUMBER_WORDS } from '../text/number-words.ts';
import { hasPhrase, type Word } from './question-words.ts';

const NUMBER_WORDS: Readonly<Record<string, number>> = { a: 1, an: 1, ...SMALL_NUMBER_WORDS };

/** Length of each unit in months. */
const UNIT_MONTHS: Record<string, number> = {
  day: 1 / 30.4,
  days: 1 / 30.4,
  week: 1 / 4.35,
  weeks: 1 / 4.35,
  wk: 1 / 4.35,
  month: 1,
  months: 1,
  mo: 1,
  mos: 1,
  year: 12,
  years: 12,
  yr: 12,
  yrs: 12,
  decade: 120,
};

const PERIOD_MONTHS: ReadonlyArray<[CopilotPeriod, number]> = [
  ['1w', 7 / 30.4],
  ['1m', 1],
  ['3m', 3],
  ['6m', 6],
  ['1y', 12],
  ['3y', 36],
  ['5y', 60],
];

/** The window closest to a length in months (on a log scale: 2 years is nearer 3 than 1). */
function roundToPeriod(months: number): CopilotPeriod {
  let best = PERIOD_MONTHS[0]!;
  for (const p of PERIOD_MONTHS) if (Math.abs(Math.log(months / p[1])) < Math.abs(Math.log(months / best[1]))) best = p;
  return best[0];
}

const YEAR_TO_DATE = ['year to date', 'so far this year', 'this year', 'since january', 'since the start of the year'];
const HALF_YEAR = ['half a year', 'half year'];
const QUARTER = ['quarter'];
const DECADE = ['decade'];

const SHORT_FORMS: Record<string, CopilotPeriod> = {
  '1w': '1w',
  '1m': '1m',
  '3m': '3m',
  '6m': '6m',
  ytd: 'ytd',
  '1y': '1y',
  '12m': '1y',
  '3y': '3y',
  '5y': '5y',
};

/**
 * The price window a question asks about: "over the last 6 months", "six months", "6m", "year to date",
 * "this year", "past quarter", "last week", "2 years" (rounded to the nearest window the tools offer).
 * Null when it names none.
 */
export function findPeriod(words: readonly Word[]): CopilotPeriod | null {
  for (const w of words) if (SHORT_FORMS[w.text]) return SHORT_FORMS[w.text]!;
  if (hasPhrase(words, YEAR_TO_DATE)) return 'ytd';
  for (let i = 0; i + 1 < words.length; i++) {
    const unit = UNIT_MONTHS[words[i + 1]!.text];
    if (unit === undefined) continue;
    const t = words[i]!.text;
    const n = /^\d+(?:\.\d+)?$/.test(t) ? Number(t) : NUMBER_WORDS[t];
    if (n !== undefined && n > 0) return roundToPeriod(n * unit);
  }
  if (hasPhrase(words, HALF_YEAR)) return '6m';
  if (hasPhrase(words, QUARTER)) return '3m';
  if (hasPhrase(words, DECADE)) return '5y';
  for (const w of words) {
    const unit = UNIT_MONTHS[w.text];
    if (unit !== undefined && unit !== UNIT_MONTHS.day) return roundToPeriod(unit);
  }
  return null;
}

/** A calendar span a question names relative to today ("last month", "this year"), as opposed to a rolling window. */
export type CalendarPhrase = `${'last' | 'this'} ${'week' | 'month' | 'quarter' | 'year'}`;

/** What a calendar phrase means on a given day: its name ("October 2026") and its first and last day (ISO). */
export interface CalendarSpan {
  phrase: CalendarPhrase;
  name: string;
  from: string;
  to: string;
}

const CALENDAR_UNITS = new Set(['week', 'month', 'quarter', 'year']);
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "last month", "this year", "last quarter", "year to date": a span of the calendar, read against today. "Over the
 * last month" / "the past month" is a rolling window instead (null): the price tools' own windows answer it.
 */
export function findCalendarPhrase(words: readonly Word[]): CalendarPhrase | null {
  if (words.some((w) => w.text === 'ytd') || hasPhrase(words, ['year to date', 'so far this year'])) return 'this year';
  for (let i = 0; i + 1 < words.length; i++) {
    const [w, unit] = [words[i]!.text, words[i + 1]!.text];
    if ((w === 'last' || w === 'this') && CALENDAR_UNITS.has(unit) && words[i - 1]?.text !== 'the') return `${w} ${unit}` as CalendarPhrase;
  }
  return null;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/** The span a calendar phrase names on `today` (ISO day, UTC): a "this …" span ends today, a "last …" one is whole. */
export function resolveCalendarPhrase(phrase: CalendarPhrase, today: string): CalendarSpan {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const month = m - 1;
  const span = (name: string, from: Date, to: Date): CalendarSpan => ({ phrase, name, from: iso(from), to: iso(to) });
  switch (phrase) {
    case 'this year':
      return span(String(y), utc(y, 0, 1), utc(y, month, d));
    case 'last year':
      return span(String(y - 1), utc(y - 1, 0, 1), utc(y - 1, 11, 31));
    case 'this month':
      return span(`${MONTH_NAMES[month]} ${y}`, utc(y, month, 1), utc(y, month, d));
    case 'last month': {
      const first = utc(y, month - 1, 1);
      return span(`${MONTH_NAMES[first.getUTCMonth()]} ${first.getUTCFullYear()}`, first, utc(y, month, 0));
    }
    case 'this quarter': {
      const q = Math.floor(month / 3);
      return span(`Q${q + 1} ${y}`, utc(y, q * 3, 1), utc(y, month, d));
    }
    case 'last quarter': {
      const first = utc(y, Math.floor(month / 3) * 3 - 3, 1);
      const q = Math.floor(first.getUTCMonth() / 3);
      return span(`Q${q + 1} ${first.getUTCFullYear()}`, first, utc(first.getUTCFullYear(), q * 3 + 3, 0));
    }
    case 'this week': {
      // Weeks start on Monday.
      const monday = utc(y, month, d - ((utc(y, month, d).getUTCDay() + 6) % 7));
      return span(`the week from ${iso(monday)}`, monday, utc(y, month, d));
    }
    case 'last week': {
      const monday = utc(y, month, d - ((utc(y, month, d).getUTCDay() + 6) % 7) - 7);
      const sunday = utc(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate() + 6);
      return span(`${iso(monday)} to ${iso(sunday)}`, monday, sunday);
    }
  }
}
