import type { DcfValuation } from '../dcf/two-stage.ts';
import { type ExactContribution, formatReading, roundAttribution } from './apportion.ts';
import type { Attribution } from './attribution-types.ts';

/**
 * DCF fair value per share as the sum of its parts, each over the diluted share count: the present
 * value of the explicit years' and the fade years' free cash flows, of the terminal value, plus cash,
 * less debt and minority interests. Base 0; cents.
 */
export function attributeDcf(v: DcfValuation): Attribution {
  const shares = v.sharesDiluted;
  const stage = (s: 'explicit' | 'fade') => v.years.filter((y) => y.stage === s);
  const part = (key: string, label: string, usd: number, how: string): ExactContribution => ({
    key,
    label,
    value: usd,
    exact: usd / shares,
    explain: (c) => `${how}: $${formatReading(usd)} / ${formatReading(shares)} shares = ${c}`,
  });
  const items: ExactContribution[] = [];
  for (const s of ['explicit', 'fade'] as const) {
    const ys = stage(s);
    if (ys.length === 0) continue;
    const pv = ys.reduce((sum, y) => sum + y.presentValueUsd, 0);
    const span = `years ${ys[0]!.year}–${ys.at(-1)!.year}`;
    items.push(part(`${s}_years`, `Cash flows, ${span}`, pv, `present value of the free cash flows of ${span}`));
  }
  const t = v.terminal;
  items.push(
    part('terminal_value', 'Terminal value', t.presentValueUsd, `terminal value $${formatReading(t.valueUsd)} discounted × ${t.discountFactor.toFixed(4)}`),
  );
  items.push(part('cash', 'Cash', v.bridge.cashUsd, 'cash added'));
  items.push(part('total_debt', 'Debt', -v.bridge.totalDebtUsd, 'debt subtracted'));
  if (v.bridge.nciUsd !== 0) items.push(part('minority_interests', 'Minority interests', -v.bridge.nciUsd, 'minority interests subtracted'));
  return roundAttribution({
    target: 'model_value_per_share',
    label: `Model value $${v.perShareUsd.toFixed(2)} per share (before blending)`,
    unit: 'usd_per_share',
    decimals: 2,
    base: 0,
    score: v.perShareUsd,
    verdict: null,
    items,
  });
}

/**
 * A justified price-to-book value as book value plus the present value of the returns above the cost of
 * equity (residual income in one stage): BV × (ROE − g) ÷ (k_e − g) = BV + BV × (ROE − k_e) ÷ (k_e − g).
 * Base 0; cents.
 */
export function attributeJustifiedPb(j: { bookValuePerShare: number; roe: number; costOfEquity: number; growth: number; perShareUsd: number }): Attribution {
  const excess = (j.bookValuePerShare * (j.roe - j.costOfEquity)) / (j.costOfEquity - j.growth);
  const pct = (f: number) => `${(f * 100).toFixed(2)} %`;
  return roundAttribution({
    target: 'model_value_per_share',
    label: `Model value $${j.perShareUsd.toFixed(2)} per share (before blending)`,
    unit: 'usd_per_share',
    decimals: 2,
    base: 0,
    score: j.perShareUsd,
    verdict: null,
    items: [
      {
        key: 'book_value',
        label: 'Book value',
        value: j.bookValuePerShare,
        exact: j.bookValuePerShare,
        explain: (c) => `book value per share = ${c}`,
      },
      {
        key: 'excess_returns',
        label: j.roe >= j.costOfEquity ? 'Returns above the cost of equity' : 'Returns below the cost of equity',
        value: excess,
        exact: excess,
        explain: (c) => `book value × (ROE ${pct(j.roe)} − cost of equity ${pct(j.costOfEquity)}) ÷ (cost of equity − growth ${pct(j.growth)}) = ${c}`,
      },
    ],
  });
}
