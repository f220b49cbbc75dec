import { describe, expect, it } from 'vitest';
import type { SecFiling, SecPointInTimeFact } from './ingest-sec.ts';
import { checkCompanyFacts, findNewestKnownFiling, isStoredNewer, isUsMarketOpen, listFilingsOfFacts, selectNewStatementFilings } from './sec-filings.ts';
import type { Fundamentals } from './types.ts';

const filing = (accession: string, form: SecFiling['form'], filed: string, amended = false): SecFiling => ({
  cik: '0000320193',
  accession,
  form,
  amended,
  filed,
  report_date: null,
});

const fact = (over: Partial<SecPointInTimeFact>): SecPointInTimeFact => ({
  concept: 'us-gaap:Revenues',
  start: '2026-03-29',
  end: '2026-06-27',
  value: 109_417_000_000,
  unit: 'USD',
  form: '10-Q',
  fp: 'Q3',
  fy: 2026,
  accession: '0000320193-26-000011',
  filed: '2026-07-31',
  ...over,
});

describe('which filings are new: statement forms only, on or after the newest stored, not stored yet', () => {
  const listed = [
    filing('0000320193-26-000012', '8-K', '2026-07-30'),
    filing('0000320193-26-000011', '10-Q', '2026-07-31'),
    filing('0000320193-26-000013', '10-Q', '2026-05-01'),
    filing('0000320193-26-000014', '10-Q', '2026-05-01', true),
    filing('0000320193-25-000079', '10-K', '2025-10-31'),
  ];

  it('since 2026-05-01 with …-000013 stored: the 10-Q/A of the same day and the 10-Q of 2026-07-31, oldest first; no 8-K, no 10-K of 2025', () => {
    const picked = selectNewStatementFilings(listed, new Set(['0000320193-26-000013']), '2026-05-01');
    expect(picked.map((f) => f.accession)).toEqual(['0000320193-26-000014', '0000320193-26-000011']);
  });

  it('nothing stored and no start date: every statement filing (4 of 5: the 8-K is not one)', () => {
    expect(selectNewStatementFilings(listed, new Set(), null)).toHaveLength(4);
  });
});

describe('a companyfacts answer is stored whole or refused whole', () => {
  it('one fact in EUR refuses the company, with the count and the code', () => {
    const checked = checkCompanyFacts({ accepted: [fact({})], refused: [{ key: 'us-gaap:Revenues 2026-06-27', code: 'unknown_unit', reason: 'in EUR' }] });
    expect(checked).toMatchObject({ refusal: '1 fact refused (unknown_unit): in EUR' });
  });

  it('a fact without its accession cannot be keyed: missing_field, refused', () => {
    const checked = checkCompanyFacts({ accepted: [fact({}), fact({ accession: null })], refused: [] });
    expect(checked.refusal).toContain('missing_field');
  });

  it('all facts keyed: stored, every one', () => {
    const checked = checkCompanyFacts({ accepted: [fact({}), fact({ end: '2025-06-28', start: '2025-03-30', value: 94_036_000_000 })], refused: [] });
    expect(checked.refusal).toBeNull();
    expect(checked.refusal === null && checked.facts).toHaveLength(2);
  });
});

it("the archive's filings are the accessions its facts name, report date the latest period end (a 10-Q's comparative 2025-06-28 < 2026-06-27)", () => {
  const facts = [
    fact({}),
    fact({ end: '2025-06-28', start: '2025-03-30' }),
    fact({ accession: '0000320193-26-000013', filed: '2026-05-01', end: '2026-03-28', form: '10-Q/A' }),
    fact({ accession: '0000320193-26-000020', filed: '2026-06-01', form: '8-K' }),
  ];
  const checked = checkCompanyFacts({ accepted: facts, refused: [] });
  if (checked.refusal !== null) throw new Error(checked.refusal);
  expect(listFilingsOfFacts('0000320193', checked.facts)).toEqual([
    { cik: '0000320193', accession: '0000320193-26-000013', form: '10-Q', amended: true, filed: '2026-05-01', report_date: '2026-03-28' },
    { cik: '0000320193', accession: '0000320193-26-000011', form: '10-Q', amended: false, filed: '2026-07-31', report_date: '2026-06-27' },
  ]);
});

describe('stored statements replace the snapshot’s when they include a newer filing than its known ones', () => {
  const line = (values: Array<{ value: number | null; as_of: string | null; as_of_estimated?: true }>) => ({
    key: 'revenue',
    label: 'Revenue',
    unit: 'USD' as const,
    values: values.map((v) => ({ source: 'sec', ...v })),
  });
  const set = (values: Parameters<typeof line>[0]) => ({ periods: [], income: [line(values)], balance: [], cash_flow: [] });
  const snapshot = {
    symbol: 'AAPL',
    currency: 'USD',
    annual: set([{ value: 416_161_000_000, as_of: '2025-10-31' }]),
    // The quarter ended 2026-06-27 with an estimated date (2026-08-06): not a filing the snapshot has read.
    quarterly: set([
      { value: 111_184_000_000, as_of: '2026-05-01' },
      { value: 109_417_000_000, as_of: '2026-08-06', as_of_estimated: true },
    ]),
    split_adjusted: true,
    notes: [],
  } as unknown as Fundamentals;

  it('the snapshot’s newest known filing is 2026-05-01 (the estimated 2026-08-06 does not count)', () => {
    expect(findNewestKnownFiling(snapshot)).toBe('2026-05-01');
  });

  it('stored through 2026-07-31 > 2026-05-01: newer; through 2026-05-01: not (the snapshot stays); no snapshot: newer', () => {
    expect(isStoredNewer('2026-07-31', snapshot)).toBe(true);
    expect(isStoredNewer('2026-05-01', snapshot)).toBe(false);
    expect(isStoredNewer('2020-01-01', null)).toBe(true);
  });
});

describe('US market hours: 9:30 to the close New York time, trading days only', () => {
  it.each([
    ['2026-07-31T13:29:00Z', false, 'Friday 9:29 EDT: before the open'],
    ['2026-07-31T13:30:00Z', true, 'Friday 9:30 EDT: open'],
    ['2026-07-31T19:59:00Z', true, 'Friday 15:59 EDT'],
    ['2026-07-31T20:00:00Z', false, 'Friday 16:00 EDT: closed'],
    ['2026-08-01T15:00:00Z', false, 'Saturday'],
    ['2026-07-03T15:00:00Z', false, 'Friday Jul 3: Independence Day observed'],
    ['2026-11-27T17:30:00Z', true, 'the day after Thanksgiving 12:30 EST: early close at 13:00'],
    ['2026-11-27T18:00:00Z', false, 'the day after Thanksgiving 13:00 EST: closed'],
  ])('%s → %s (%s)', (at, open) => {
    expect(isUsMarketOpen(Date.parse(at))).toBe(open);
  });
});
