/*
 * How current the fundamentals dataset is, from the figures it serves. A figure's filing date is either
 * the source's (known) or estimated from its period end plus a typical filing lag (`as_of_estimated`), and
 * an estimate can lie after the source was even extracted: fiscal years ending 2026-06-30 (ADP, MSFT,
 * PG: 19 companies) are estimated filed up to 2026-08-29 while the SEC extract is of 2026-08-22. Dated by its latest figure
 * including estimates, /api/health said the fundamentals were of 2026-08-29, later than the data they
 * come from. So the dataset's date is the latest *known* filing date, never later than the latest
 * extraction date of its sources.
 */

interface FigureDate {
  /** Filing date, YYYY-MM-DD; empty or null when the source gives none. */
  asOf: string | null;
  /** True when the filing date is an estimate (period end + lag), not the source's. */
  estimated: boolean;
}

/** The latest known filing date, capped at `sourcesAsOf` (the latest extraction date of the sources); null when no figure has a known date. */
export function dateFundamentalsDataset(figures: Iterable<FigureDate>, sourcesAsOf: string | null = null): string | null {
  let latest: string | null = null;
  for (const f of figures) if (!f.estimated && f.asOf && (latest === null || f.asOf > latest)) latest = f.asOf;
  return latest !== null && sourcesAsOf !== null && latest > sourcesAsOf ? sourcesAsOf : latest;
}

/** A stated dataset date capped at the sources' latest extraction date: no dataset is newer than what it was taken from. */
export function capDatasetDate(stated: string | null, sourcesAsOf: string | null): string | null {
  if (stated === null || sourcesAsOf === null) return stated;
  return stated > sourcesAsOf ? sourcesAsOf : stated;
}
