/**
 * Fiscal years are named by the calendar year in which they end (Apple's year ending 2025-09-27 is
 * FY2025; NVIDIA's ending 2026-01-25 is FY2026), except 52/53-week years that spill into the first
 * days of January, which belong to the year before (a year ending 2016-01-02 is FY2015).
 */
export function fiscalYearOf(end: string): number {
  const year = Number(end.slice(0, 4));
  const month = Number(end.slice(5, 7));
  const day = Number(end.slice(8, 10));
  return month === 1 && day <= 7 ? year - 1 : year;
}

export function labelAnnualPeriod(end: string): string {
  return `FY${fiscalYearOf(end)} (ended ${end})`;
}

export function labelQuarterPeriod(end: string): string {
  return `Quarter ended ${end}`;
}
