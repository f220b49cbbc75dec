/** What the editor keeps in this browser between visits (holdings are never stored on the server). */
export interface SavedHoldings {
  mode: 'rows' | 'csv';
  rows: Array<{ symbol: string; shares: string; cost: string }>;
  csv: string;
}

const KEY = 'stockpilot.smart-yield.holdings.v1';
const EMPTY_HOLDINGS: SavedHoldings = { mode: 'rows', rows: [{ symbol: '', shares: '', cost: '' }], csv: '' };

export function readSavedHoldings(): SavedHoldings {
  try {
    const raw = localStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as SavedHoldings) : null;
    if (v && (v.mode === 'rows' || v.mode === 'csv') && Array.isArray(v.rows) && typeof v.csv === 'string')
      return v.rows.length > 0 ? v : { ...v, rows: EMPTY_HOLDINGS.rows };
  } catch {}
  return EMPTY_HOLDINGS;
}

export function saveHoldings(v: SavedHoldings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(v));
  } catch {}
}
