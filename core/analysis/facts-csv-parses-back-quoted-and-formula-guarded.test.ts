import { describe, expect, it } from 'vitest';
import { parseCsv } from '../text/csv.ts';
import type { Fact } from './analysis-types.ts';
import { formatFactsCsv } from './facts-csv.ts';

const fact = (over: Partial<Fact>): Fact => ({
  key: 'net_margin',
  label: 'Net margin',
  value: 26.92,
  unit: 'percent',
  period: 'FY2025',
  source: 'sec',
  as_of: '2025-10-31',
  ...over,
});

describe('facts CSV', () => {
  it('a header, then one row per fact in order, CRLF line ends; parses back to the same cells', () => {
    const facts = [
      fact({}),
      fact({ key: 'rsi_14', label: 'RSI (14)', value: 71.3, unit: 'score', period: '2026-07-02', source: 'yahoo-daily', as_of: '2026-07-02' }),
    ];
    const csv = formatFactsCsv(facts);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ['key', 'label', 'value', 'unit', 'period', 'source', 'as_of'],
      ['net_margin', 'Net margin', '26.92', 'percent', 'FY2025', 'sec', '2025-10-31'],
      ['rsi_14', 'RSI (14)', '71.3', 'score', '2026-07-02', 'yahoo-daily', '2026-07-02'],
    ]);
  });

  it('commas, quotes and line breaks are quoted (RFC 4180): "Cash, equivalents" and 5" survive the round trip', () => {
    const csv = formatFactsCsv([fact({ label: 'Cash, "equivalents"\nand more' })]);
    expect(csv).toContain('"Cash, ""equivalents""\nand more"');
    expect(parseCsv(csv)[1]![1]).toBe('Cash, "equivalents"\nand more');
  });

  it('text a spreadsheet would run (=, +, -, @) gets a leading quote mark; a negative number stays a number (-3.5)', () => {
    const rows = parseCsv(formatFactsCsv([fact({ label: '=HYPERLINK("x")', value: -3.5 }), fact({ unit: 'label', value: '-Sell', label: '@sum' })]));
    expect(rows[1]![1]).toBe(`'=HYPERLINK("x")`);
    expect(rows[1]![2]).toBe('-3.5');
    expect(rows[2]![1]).toBe(`'@sum`);
    expect(rows[2]![2]).toBe(`'-Sell`);
  });
});
