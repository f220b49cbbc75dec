import { describe, expect, it } from 'vitest';
import { readTypedNumber } from './typed-number.ts';

describe('a number typed in the rows form', () => {
  it('"10,5" from a European decimal key is 10.5 shares, not 105', () => {
    expect(readTypedNumber('10,5')).toBe(10.5);
    expect(readTypedNumber('0,25')).toBe(0.25);
    expect(readTypedNumber('$41,50')).toBe(41.5);
  });

  it('point decimals, comma thousands and a dollar sign read as before', () => {
    expect(readTypedNumber('1,000')).toBe(1000);
    expect(readTypedNumber('$1,234.50')).toBe(1234.5);
    expect(readTypedNumber(' 40 ')).toBe(40);
  });

  it('empty or unreadable is 0, for the server to name the row', () => {
    expect(readTypedNumber('')).toBe(0);
    expect(readTypedNumber('ten')).toBe(0);
  });
});
