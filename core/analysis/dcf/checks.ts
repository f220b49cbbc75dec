import { type EngineResult, ok, requireFinite } from '../result.ts';

/** The first of several named inputs that is missing or not finite, as its error; ok when all are numbers. */
export function requireEachFinite(inputs: ReadonlyArray<readonly [number | null | undefined, string]>): EngineResult<true> {
  for (const [value, name] of inputs) {
    const v = requireFinite(value, name);
    if (!v.ok) return v;
  }
  return ok(true);
}

/** A rate in percent with two decimals, for messages: 0.0458 → "4.58 %". */
export const formatPoints = (fraction: number) => `${(fraction * 100).toFixed(2)} %`;
