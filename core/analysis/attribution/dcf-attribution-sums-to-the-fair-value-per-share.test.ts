import { describe, expect, it } from 'vitest';
import { computeDcf } from '../dcf/two-stage.ts';
import { sumsExactly } from './attribution-types.ts';
import { attributeDcf } from './dcf-attribution.ts';

// The two-stage worked example: FCF 100 growing 10 % for 3 years, terminal growth 2 %, discount rate 10 %;
// debt 300, cash 100, minority interests 25, 10 shares. Each year's PV is 100, the terminal PV 1,275.
describe('the DCF fair value per share is the sum of its discounted parts', () => {
  const r = computeDcf(
    { baseFcfUsd: 100, sharesDiluted: 10, totalDebtUsd: 300, cashUsd: 100, nciUsd: 25, priceUsd: 100 },
    { discountRate: 0.1, explicitGrowth: 0.1, terminalGrowth: 0.02, explicitYears: 3, fadeYears: 0 },
  );
  if (!r.ok) throw new Error(r.error.message);
  const a = attributeDcf(r.value);

  it('300/10 + 1,275/10 + 100/10 − 300/10 − 25/10 = 30 + 127.5 + 10 − 30 − 2.5 = 135 a share', () => {
    expect(a.contributions.map((c) => [c.key, c.contribution])).toEqual([
      ['explicit_years', 30],
      ['terminal_value', 127.5],
      ['cash', 10],
      ['total_debt', -30],
      ['minority_interests', -2.5],
    ]);
    expect(a.score).toBe(135);
    expect(a.unit).toBe('usd_per_share');
    expect(sumsExactly(a)).toBe(true);
  });

  it('names the years each stage covers and the discounting of the terminal value', () => {
    expect(a.contributions[0]!.label).toBe('Cash flows, years 1–3');
    expect(a.contributions[1]!.explanation).toBe('terminal value $1697.0 discounted × 0.7513: $1275.0 / 10.00 shares = +127.50');
  });
});
