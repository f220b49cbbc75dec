import { requireFactDefinition } from '../../facts/catalogue.ts';
import { describeKeysInText } from '../../facts/describe-keys.ts';
import { roundForUnit } from '../../facts/format-fact.ts';
import type { Fact } from '../analysis-types.ts';
import type { EngineResult } from '../result.ts';

/** A fact the engines could not produce, and why: the page shows "—, because …". */
export interface MissingFact {
  key: string;
  label: string;
  reason: string;
  /** The figure does not apply to this kind of company (a bank's Piotroski or Altman score), rather than lacking data. */
  not_applicable?: true;
}

/** Where a figure came from and the date of its newest input. */
export interface FactOrigin {
  period: string;
  source: string;
  as_of: string;
}

/**
 * Collects the facts of one analysis. A figure arrives as a number or an engine result; a failed result
 * (or a non-finite number) is recorded as missing with its reason instead of becoming NaN or 0.
 */
export class FactSheet {
  readonly facts: Fact[] = [];
  readonly missing: MissingFact[] = [];

  /**
   * Puts a figure under its catalogue key: label and unit come from the catalogue (core/facts/catalogue.ts);
   * `label` is taken only for keys whose label carries context. `scale` converts engine units to the
   * fact's (100 for a fraction shown in percent).
   */
  put(key: string, figure: EngineResult<number> | number | null, origin: FactOrigin, options: { scale?: number; label?: string } = {}): number | null {
    const d = requireFactDefinition(key);
    const label = this.labelOf(key, options.label);
    const scale = options.scale ?? 1;
    const r = typeof figure === 'number' ? { ok: true as const, value: figure } : figure;
    if (r === null) return this.skip(key, 'not reported', label);
    if (!r.ok) return this.skip(key, r.error.message, label, r.error.code === 'not_applicable');
    if (!Number.isFinite(r.value * scale)) return this.skip(key, 'not a finite number', label);
    const value = roundForUnit(r.value * scale, d.unit);
    this.facts.push({ key, label, value, unit: d.unit, ...origin });
    return value;
  }

  putLabel(key: string, value: string, origin: FactOrigin, label?: string): void {
    const d = requireFactDefinition(key);
    if (d.unit !== 'label') throw new Error(`fact "${key}" is in ${d.unit}, not a label`);
    this.facts.push({ key, label: this.labelOf(key, label), value, unit: 'label', ...origin });
  }

  /** Records a figure as missing, with the reason the page shows ("—, because …"). */
  skip(key: string, reason: string, label?: string, notApplicable = false): null {
    this.missing.push({
      key,
      label: this.labelOf(key, label),
      reason: describeKeysInText(reason),
      ...(notApplicable ? { not_applicable: true as const } : {}),
    });
    return null;
  }

  private labelOf(key: string, label: string | undefined): string {
    const d = requireFactDefinition(key);
    if (label === undefined || label === d.label) return d.label;
    if (!d.contextLabel) throw new Error(`fact "${key}" reads "${d.label}" everywhere; "${label}" would give it a second name`);
    return label;
  }
}
