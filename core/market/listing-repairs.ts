/**
 * Listing-file repairs: whole names, and one company per CIK. Pure: the prepare script feeds the rows
 * and logs what changed.
 */

/** Drops the security descriptor ("Common Stock", "Class A Ordinary Shares") and stray separators. */
export function cleanListingName(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*-?\s*(Class [A-Z] )?(Common Stock|Common Shares|Ordinary Shares|Subordinate Voting Shares)( New)?$/i, '')
    .replace(/\s*-\s*$/, '')
    .trim();
}

/**
 * The company name of a listing row. other_listed.csv derives "Company Name" by cutting "Security Name"
 * at its first hyphen, which is Nasdaq's " - " separator ("Artius II Acquisition Inc. - Units") but also
 * the hyphen inside names: "T-Rex 2X Long Apple Daily Target ETF" became "T", "La-Z-Boy Incorporated"
 * became "La". When the company name is such a cut, the name is rebuilt from the security name: whole for
 * an ETF (the fund's name is the security), up to the " - " separator for anything else.
 */
export function buildListingName(companyName: string, securityName: string, etf: boolean): { name: string; restored: boolean } {
  const cut =
    companyName.length > 0 && securityName.length > companyName.length && securityName.startsWith(companyName) && securityName[companyName.length] === '-';
  if (!cut) return { name: cleanListingName(companyName || securityName), restored: false };
  const whole = etf ? securityName : securityName.split(' - ')[0]!;
  return { name: cleanListingName(whole), restored: true };
}

interface CikHolder {
  symbol: string;
  cik: string;
  /** In the current listing files (a symbol only found in older sources is a former ticker). */
  listed: boolean;
}

interface CikDecision {
  cik: string;
  /** Symbols kept: share classes of one company (GOOGL and GOOG) each trade and keep their own entry. */
  keep: string[];
  /** Former tickers folded into the listed symbol: `[former, current]`. */
  renamed: Array<[string, string]>;
}

/**
 * One CIK under several symbols. Listed symbols are share classes and all stay; an unlisted symbol next
 * to exactly one listed one is that company's former ticker (Equity Residential's EQR, now VMRK) and is
 * folded into it. With no listed symbol there is nothing to decide from, so all stay.
 */
export function resolveSharedCiks(holders: readonly CikHolder[]): CikDecision[] {
  const byCik = new Map<string, CikHolder[]>();
  for (const h of holders) byCik.set(h.cik, [...(byCik.get(h.cik) ?? []), h]);
  const out: CikDecision[] = [];
  for (const [cik, hs] of byCik) {
    const symbols = [...new Set(hs.map((h) => h.symbol))].sort();
    if (symbols.length < 2) continue;
    const listed = symbols.filter((s) => hs.some((h) => h.symbol === s && h.listed));
    if (listed.length !== 1) {
      out.push({ cik, keep: symbols, renamed: [] });
      continue;
    }
    const current = listed[0]!;
    out.push({ cik, keep: [current], renamed: symbols.filter((s) => s !== current).map((s) => [s, current]) });
  }
  return out;
}
