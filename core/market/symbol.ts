/** Symbol normalisation: one canonical spelling (upper case, class shares with a dot: BRK.B). */

const MAX_SYMBOL_LENGTH = 12;

type NormalizedSymbol = { ok: true; symbol: string } | { ok: false; reason: string };

// Canonical: letters/digits, then optional `.CLASS` or `$SERIES` parts (preferreds as listed by Nasdaq: ABR$D).
const canonical = /^[A-Z0-9]{1,12}(?:[.$][A-Z0-9]{1,4})*$/;

/**
 * Trims, upper-cases and maps class separators (`BRK-B`, `BRK/B`, `brk.b`) to `BRK.B`. Anything else
 * that is not a plausible ticker (spaces inside, unicode, punctuation, path or SQL fragments, too long)
 * is refused with a reason.
 */
export function normalizeSymbol(input: string): NormalizedSymbol {
  const trimmed = input.trim();
  if (trimmed.length === 0) return { ok: false, reason: 'The symbol is empty.' };
  if (trimmed.length > MAX_SYMBOL_LENGTH) return { ok: false, reason: `A symbol has at most ${MAX_SYMBOL_LENGTH} characters.` };
  const upper = trimmed.toUpperCase().replace(/[-/]/g, '.');
  if (!canonical.test(upper)) {
    return { ok: false, reason: 'A symbol is letters and digits, optionally with a share-class suffix such as BRK.B.' };
  }
  return { ok: true, symbol: upper };
}

/** The spelling Yahoo uses for class shares (BRK.B → BRK-B) and preferreds (ABR$D → ABR-PD). */
export function toYahooSymbol(symbol: string): string {
  return symbol.replace(/\$/g, '-P').replace(/\./g, '-');
}
