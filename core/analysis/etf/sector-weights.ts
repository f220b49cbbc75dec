import type { EtfHolding } from '../../market/types.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { toHoldingKey } from './holdings.ts';

/** The label for weight no sector can be given to: holdings outside the sector table, cash, derivatives. */
export const UNMAPPED_SECTOR = 'unmapped';

export interface SectorWeight {
  sector: string;
  /** Fraction of the fund, normalised so all sectors sum to 1. */
  weight: number;
}

interface SectorEntry {
  sector: string | null;
  weight_pct: number;
}

const isUnmapped = (sector: string | null) => sector === null || sector.trim() === '' || /^unmapped\b/i.test(sector.trim());

/**
 * Sector weights summed by label and normalised to 1, largest first with `unmapped` last. Takes either
 * an issuer's sector table (EtfInfo.sector_weights, whose `Unmapped/Cash/Other` becomes `unmapped`) or
 * entries built from holdings by `toSectorEntries`.
 */
export function computeSectorWeights(entries: readonly SectorEntry[] | null): EngineResult<SectorWeight[]> {
  if (!entries || entries.length === 0) return fail('missing_input', 'sector_weights', 'No sector weights or holdings to build them from.');
  const bySector = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (!Number.isFinite(e.weight_pct) || e.weight_pct < 0)
      return fail('invalid_value', 'sector_weights', `The weight of ${e.sector ?? UNMAPPED_SECTOR} is not a non-negative number.`, { index: i });
    const sector = isUnmapped(e.sector) ? UNMAPPED_SECTOR : e.sector!.trim();
    bySector.set(sector, (bySector.get(sector) ?? 0) + e.weight_pct);
    total += e.weight_pct;
  }
  if (total === 0) return fail('zero_denominator', 'sector_weights', 'The sector weights sum to zero.');
  return ok(
    [...bySector]
      .map(([sector, pct]) => ({ sector, weight: pct / total }))
      .sort((a, b) => Number(a.sector === UNMAPPED_SECTOR) - Number(b.sector === UNMAPPED_SECTOR) || b.weight - a.weight),
  );
}

/**
 * One entry per holding with its sector from `sectorBySymbol` (keyed by canonical symbol), plus the
 * weight the file does not list (100 % − Σ listed: cash and the like) as unmapped.
 */
export function toSectorEntries(holdings: readonly EtfHolding[], sectorBySymbol: ReadonlyMap<string, string>): SectorEntry[] {
  const entries = holdings.map((h) => ({ sector: sectorBySymbol.get(toHoldingKey(h.symbol)) ?? null, weight_pct: h.weight_pct }));
  const unlisted = 100 - holdings.reduce((s, h) => s + h.weight_pct, 0);
  if (unlisted > 0) entries.push({ sector: null, weight_pct: unlisted });
  return entries;
}
