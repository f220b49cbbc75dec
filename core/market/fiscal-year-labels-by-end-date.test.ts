import { expect, it } from 'vitest';
import { fiscalYearOf, labelAnnualPeriod } from './fiscal.ts';

it('fiscal years are named by the year they end in, 52/53-week years ending in early January by the year before', () => {
  expect(fiscalYearOf('2025-09-27')).toBe(2025); // Apple
  expect(fiscalYearOf('2026-01-25')).toBe(2026); // NVIDIA names it FY2026
  expect(fiscalYearOf('2026-01-31')).toBe(2026); // Walmart FY2026
  expect(fiscalYearOf('2016-01-02')).toBe(2015); // a 52/53-week year spilling into January
  expect(labelAnnualPeriod('2025-09-27')).toBe('FY2025 (ended 2025-09-27)');
});
