import { describeFieldBySector, type FieldSpread } from '../screener/distribution.ts';
import { findField } from '../screener/fields.ts';
import type { ScreenerTable } from '../screener/table.ts';
import type { CopilotFact } from './copilot-types.ts';

/**
 * A screener field's quartiles over the universe and over a sector (the named symbol's, with its own value; with no
 * symbol, every sector's median), from the screener's own table and quantile rule: "what is a good P/E" answered by
 * what the market pays, not by a rule of thumb.
 */
export function describeSpreadFacts(
  table: ScreenerTable,
  fieldId: string,
  symbol?: string,
): { facts: CopilotFact[]; error?: { code: string; message: string } } {
  const field = findField(fieldId);
  const spread = field ? describeFieldBySector(table, fieldId) : null;
  if (!field || !spread?.market) return { facts: [], error: { code: 'VALIDATION_FAILED', message: `field: ${fieldId} has no spread in the screener.` } };
  const at = (group: string) => ({ period: `${group} on ${table.dataAsOf}`, source: 'computed', as_of: table.dataAsOf, symbol: null, href: '/screener' });
  const put = (group: string, s: FieldSpread, quartiles: boolean): CopilotFact[] => [
    { key: 'spread_count', label: `Stocks with a ${field.label} (${group})`, value: s.count, unit: 'count', ...at(group) },
    { key: 'spread_p50', label: `Median ${field.label} (${group})`, value: s.p50, unit: field.unit, ...at(group) },
    ...(quartiles
      ? [
          { key: 'spread_p25', label: `${field.label}, lower quartile (${group})`, value: s.p25, unit: field.unit, ...at(group) },
          { key: 'spread_p75', label: `${field.label}, upper quartile (${group})`, value: s.p75, unit: field.unit, ...at(group) },
        ]
      : []),
  ];
  const facts = put('all stocks', spread.market, true);
  const row = symbol ? table.symbols.indexOf(symbol.toUpperCase()) : -1;
  const sectorColumn = table.columns.get('sector');
  const sector = row >= 0 && sectorColumn?.kind === 'choice' ? (sectorColumn.labels[sectorColumn.codes[row]! - 1] ?? null) : null;
  if (sector && spread.sectors.get(sector)) {
    facts.push(...put(sector, spread.sectors.get(sector)!, true));
    const column = table.columns.get(fieldId);
    const own = column?.kind === 'range' ? column.values[row]! : Number.NaN;
    if (Number.isFinite(own))
      facts.push({ key: fieldId, label: field.label, value: own, unit: field.unit, ...at(symbol!.toUpperCase()), symbol: symbol!.toUpperCase(), href: null });
  } else if (!symbol) for (const [name, s] of [...spread.sectors].sort((a, b) => a[1].p50 - b[1].p50)) facts.push(...put(name, s, false).slice(1));
  return { facts };
}
