import { type EngineResult, fail, ok, requireFinite } from '../result.ts';
import { computePerShareValue, type DcfCompanyInputs, type DcfParameters, validateDcfCompany, validateDcfParameters } from './two-stage.ts';

/**
 * Bisection settings. Growth from −50 % to +100 % a year brackets any price a going concern trades
 * at; a tolerance of 1e-6 (0.0001 points) is far below what an input's precision supports; bisection
 * halves the bracket each step, so it needs ⌈log2(1.5 / 1e-6)⌉ = 21 steps, and 100 only caps a
 * caller's own settings.
 */
export const REVERSE_DCF_SEARCH = { low: -0.5, high: 1, tolerance: 1e-6, maxIterations: 100 } as const;

type ReverseDcfSearch = { low: number; high: number; tolerance: number; maxIterations: number };

export type ReverseDcfResult =
  | {
      status: 'solved';
      /** The explicit-period growth (fraction) at which the DCF's per-share value equals the price. */
      impliedGrowth: number;
      perShareUsd: number;
      priceUsd: number;
      iterations: number;
    }
  | {
      /** Even the bracket's end cannot reach the price: it sits below (above) the value at its lowest (highest) growth. */
      status: 'no_root';
      side: 'price_below_bracket' | 'price_above_bracket';
      priceUsd: number;
      bracket: { low: number; high: number };
      perShareAtLowUsd: number;
      perShareAtHighUsd: number;
    };

/**
 * The explicit-period growth today's price implies, other parameters fixed. Per-share value rises
 * strictly with that growth (every projected year, fade included, grows faster), so the root is unique.
 */
export function solveImpliedGrowth(
  company: DcfCompanyInputs,
  parameters: Omit<DcfParameters, 'explicitGrowth'>,
  search: ReverseDcfSearch = REVERSE_DCF_SEARCH,
): EngineResult<ReverseDcfResult> {
  const price = requireFinite(company.priceUsd, 'price');
  if (!price.ok) return price;
  const c = validateDcfCompany(company);
  if (!c.ok) return c;
  const p = validateDcfParameters({ ...parameters, explicitGrowth: search.low });
  if (!p.ok) return p;
  const { low, high, tolerance, maxIterations } = search;
  if (!(low > -1 && high > low && tolerance > 0))
    return fail('invalid_parameter', 'search', 'The bracket must satisfy −1 < low < high, with a tolerance above zero.');
  if (maxIterations < Math.ceil(Math.log2((high - low) / tolerance))) {
    return fail('invalid_parameter', 'search', `Bisection needs ${Math.ceil(Math.log2((high - low) / tolerance))} steps for this bracket and tolerance.`);
  }
  const valuePerShareAt = (explicitGrowth: number) => computePerShareValue(c.value, { ...parameters, explicitGrowth });

  const atLow = valuePerShareAt(low);
  if (!atLow.ok) return atLow;
  const atHigh = valuePerShareAt(high);
  if (!atHigh.ok) return atHigh;
  if (atLow.value > price.value || atHigh.value < price.value) {
    return ok({
      status: 'no_root',
      side: atLow.value > price.value ? 'price_below_bracket' : 'price_above_bracket',
      priceUsd: price.value,
      bracket: { low, high },
      perShareAtLowUsd: atLow.value,
      perShareAtHighUsd: atHigh.value,
    });
  }
  let lo = low;
  let hi = high;
  let iterations = 0;
  while (hi - lo > tolerance) {
    const mid = (lo + hi) / 2;
    const v = valuePerShareAt(mid);
    if (!v.ok) return v;
    if (v.value < price.value) lo = mid;
    else hi = mid;
    iterations++;
  }
  const impliedGrowth = (lo + hi) / 2;
  const atRoot = valuePerShareAt(impliedGrowth);
  if (!atRoot.ok) return atRoot;
  return ok({ status: 'solved', impliedGrowth, perShareUsd: atRoot.value, priceUsd: price.value, iterations });
}
