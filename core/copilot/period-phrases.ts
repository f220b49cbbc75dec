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
