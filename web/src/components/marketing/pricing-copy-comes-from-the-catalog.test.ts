import { describe, expect, it } from 'vitest';
import { tokenCosts } from '../../../../core/tokens/costs.ts';
import sources from '../../../../data/sources.json';
import { ALLOWANCES, ANALYSIS_KIND_COUNT_WORD, DATA_SNAPSHOT_DATE, describeTokenCosts, MIN_TOPUP, TOKEN_PRICE, TOPUP_LIMITS, tiers } from './product-facts.ts';

describe('marketing copy is built from the catalog, the costs table and the data', () => {
  it('the pricing FAQ names every row of the costs table, ETF and DCF included', () => {
    const text = describeTokenCosts();
    expect(text).toBe(
      'Quick Overview Analysis 0.5 tokens, Fundamental Analysis 1 token, Technical Analysis 0.8 tokens, Balance Sheet Analysis 1.2 tokens, ' +
        'ETF Analysis 0.8 tokens, DCF Valuation 1 token and AI Copilot Query 0.3 tokens',
    );
    for (const c of tokenCosts) expect(text).toContain(`${c.name} ${c.costMt / 1000} token`);
  });

  it('prices and limits read as SPEC §5/§9 and DESIGN §4 state them: $0.50 a token, 20 tokens = 20 × 50 ¢ = $10, at most 10,000', () => {
    expect(TOKEN_PRICE).toBe('$0.50');
    expect(MIN_TOPUP).toBe('20 tokens ($10)');
    expect(TOPUP_LIMITS).toBe('From 20 tokens ($10) up to 10,000 tokens per purchase, at $0.50 per token.');
    expect(ALLOWANCES).toBe('10, 50 or 200');
    expect(tiers.map((t) => [t.name, t.monthlyTokens, t.priceCents, t.canTopUp])).toEqual([
      ['Free', 10, 0, false],
      ['Basic', 50, 999, true],
      ['Pro', 200, 2999, true],
    ]);
  });

  it('the home page counts the analyses from the costs table (7 actions − the copilot = six) and dates the data as the snapshot does', () => {
    expect(ANALYSIS_KIND_COUNT_WORD).toBe('six');
    expect(DATA_SNAPSHOT_DATE).toBe(sources.data_as_of);
    expect(DATA_SNAPSHOT_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
