import { expect, it } from 'vitest';
import { describeFigureSource, formatFigureAsOf } from './format.ts';

it('a figure is "as of" its filing date; an estimated one is marked ≈ … (estimated)', () => {
  expect(formatFigureAsOf({ as_of: '2025-10-31' })).toBe('as of 2025-10-31');
  expect(formatFigureAsOf({ as_of: '2025-11-26', as_of_estimated: true })).toBe('as of ≈2025-11-26 (estimated)');
  expect(formatFigureAsOf({ as_of: null })).toBe('—');
});

it('the tooltip names the source as a person reads it (sec → SEC filings) and the filing date, and adds the note of a repaired or withheld value', () => {
  expect(describeFigureSource({ source: 'sec', as_of: '2025-10-31' })).toBe('SEC filings, as of 2025-10-31');
  expect(describeFigureSource({ source: null, as_of: null })).toBe('Not reported');
  expect(describeFigureSource({ source: null, as_of: null, note: 'EPS × shares is 9× net income: withheld' })).toBe(
    'Not reported. EPS × shares is 9× net income: withheld',
  );
});
