import type { Fact, FactUnit } from '../analysis-types.ts';
import type { EngineResult } from '../result.ts';

/** A fact the engines could not produce, and why: the page shows "—, because …". */
export interface MissingFact {
  key: string;
  label: string;
  reason: string;
}

/** Where a figure came from and the date of its newest input. */
export interface FactOrigin {
  period: string;
  source: string;
  as_of: string;
}

/** Decimals kept per unit: the stored value is the value the page and the note show. */
const DECIMALS: Record<FactUnit, number> = {
  percent: 2,
  usd: 2, // cents: a fee cost keeps them; statement figures are whole dollars anyway
  usd_per_share: 2,
  ratio: 2,
  times: 2,
  score: 2,
  count: 0,
  shares: 0,
  years: 1,
  label: 0,
};

export function roundForUnit(value: number, unit: FactUnit): number {
  const scale = 10 ** DECIMALS[unit];
  const r = Math.round(value * scale) / scale;
  return Object.is(r, -0) ? 0 : r;
}

/**
 * Collects the facts of one analysis. A figure arrives as a number or an engine result; a failed result
 * (or a non-finite number) is recorded as missing with its reason instead of becoming NaN or 0.
 */
export class FactSheet {
  readonly facts: Fact[] = [];
  readonly missing: MissingFact[] = [];

  /** `scale` converts engine units to the fact's (100 for a fraction shown in percent). */
  put(key: string, label: string, figure: EngineResult<number> | number | null, unit: FactUnit, origin: FactOrigin, scale = 1): number | null {
    const r = typeof figure === 'number' ? { ok: true as const, value: figure } : figure;
    if (r === null) return this.skip(key, label, 'not reported');
    if (!r.ok) return this.skip(key, label, r.error.message);
    if (!Number.isFinite(r.value * scale)) return this.skip(key, label, 'not a finite number');
    const value = roundForUnit(r.value * scale, unit);
    this.facts.push({ key, label, value, unit, ...origin });
    return value;
  }

  putLabel(key: string, label: string, value: string, origin: FactOrigin): void {
    this.facts.push({ key, label, value, unit: 'label', ...origin });
  }

  skip(key: string, label: string, reason: string): null {
    this.missing.push({ key, label, reason });
    return null;
  }
}
