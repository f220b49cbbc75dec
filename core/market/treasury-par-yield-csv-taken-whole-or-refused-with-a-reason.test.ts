import { describe, expect, it } from 'vitest';
import { bpsToFraction, parsePercentToBps, parseTreasuryParYieldCsv, pickNewerRate } from './reference-data.ts';

const HEADER = 'Date,"1 Mo","1.5 Month","2 Mo","3 Mo","4 Mo","6 Mo","1 Yr","2 Yr","3 Yr","5 Yr","7 Yr","10 Yr","20 Yr","30 Yr"';
const OCT_2 = '10/02/2026,4.04,4.09,4.11,4.19,4.26,4.27,4.46,4.83,4.96,5.06,5.17,5.28,5.67,5.63';
const OCT_1 = '10/01/2026,4.06,4.10,4.13,4.17,4.26,4.27,4.44,4.78,4.91,5.01,5.12,5.24,5.64,5.61';

describe("the Treasury's daily par yield curve CSV", () => {
  it('reads the 10-year column by its name, oldest day first, in basis points (5.28 % → 528)', () => {
    expect(parseTreasuryParYieldCsv([HEADER, OCT_2, OCT_1].join('\r\n'))).toEqual({
      ok: true,
      days: [
        { day: '2026-10-01', tenYearBps: 524 },
        { day: '2026-10-02', tenYearBps: 528 },
      ],
    });
  });

  it('finds the column in an older header without "1.5 Month" and tolerates a blank tenor it does not read', () => {
    const old = 'Date,"1 Mo","2 Mo","3 Mo","6 Mo","1 Yr","2 Yr","3 Yr","5 Yr","7 Yr","10 Yr","20 Yr","30 Yr"';
    expect(parseTreasuryParYieldCsv(`${old}\n12/31/2024,4.40,,4.37,4.24,4.16,4.25,4.27,4.38,4.48,4.58,4.86,4.78\n`)).toEqual({
      ok: true,
      days: [{ day: '2024-12-31', tenYearBps: 458 }],
    });
  });

  it.each([
    ['an empty body', '', 'truncated_answer'],
    ['no 10-year column', 'Date,"1 Mo"\n10/02/2026,4.04', 'missing_field'],
    ['a line cut short', `${HEADER}\n${OCT_2}\n10/01/2026,4.06,4.10`, 'truncated_answer'],
    ['a blank 10-year yield', `${HEADER}\n${OCT_2.replace(',5.28,', ',,')}`, 'missing_field'],
    ['a yield of 25.01 %', `${HEADER}\n${OCT_2.replace(',5.28,', ',25.01,')}`, 'bad_rate'],
    ['a negative yield', `${HEADER}\n${OCT_2.replace(',5.28,', ',-0.10,')}`, 'bad_rate'],
    ['a day that is not a date', `${HEADER}\n${OCT_2.replace('10/02/2026', '02/30/2026')}`, 'missing_field'],
    ['a day twice', `${HEADER}\n${OCT_2}\n${OCT_2}`, 'truncated_answer'],
  ])('refuses the whole answer for %s', (_what, body, code) => {
    const r = parseTreasuryParYieldCsv(body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe(code);
  });

  it('keeps 25.00 % (the bound) and 0.00 %', () => {
    expect(parseTreasuryParYieldCsv(`${HEADER}\n${OCT_2.replace(',5.28,', ',25.00,')}`)).toMatchObject({ ok: true, days: [{ tenYearBps: 2500 }] });
    expect(parseTreasuryParYieldCsv(`${HEADER}\n${OCT_2.replace(',5.28,', ',0.00,')}`)).toMatchObject({ ok: true, days: [{ tenYearBps: 0 }] });
  });
});

describe('the pair read: a stored rate wins only when newer', () => {
  const snapshot = { value: 0.0458, asOf: '2024-12-31', source: 'snapshot' };
  it('takes the newer day, keeps the snapshot on a tie or an older row', () => {
    expect(pickNewerRate(snapshot, { value: 0.0528, asOf: '2026-10-02', source: 't' }).value).toBe(0.0528);
    expect(pickNewerRate(snapshot, { value: 0.05, asOf: '2024-12-31', source: 't' })).toBe(snapshot);
    expect(pickNewerRate(snapshot, { value: 0.04, asOf: '2024-06-28', source: 't' })).toBe(snapshot);
    expect(pickNewerRate(snapshot, null)).toBe(snapshot);
  });
  it('converts basis points without float noise and reads an operator percent', () => {
    expect(bpsToFraction(528)).toBe(0.0528);
    expect(bpsToFraction(433)).toBe(0.0433);
    expect(parsePercentToBps('4.33')).toBe(433);
    expect(parsePercentToBps('0')).toBeNull();
    expect(parsePercentToBps('4.333')).toBeNull();
    expect(parsePercentToBps('26')).toBeNull();
  });
});
