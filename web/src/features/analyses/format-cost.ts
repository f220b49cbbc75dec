import { MT_PER_TOKEN } from '../../../../core/tokens/units.ts';

/**
 * A cost as people say it, with 1 to 3 decimals: 800 mt → "0.8", 1000 → "1.0", 1250 → "1.25".
 * Balances keep 3 decimals (formatTokens); a price reads shorter.
 */
export const formatCostTokens = (costMt: number) => (costMt / MT_PER_TOKEN).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 3 });

/** "Run analysis (0.8 tokens)". */
export const describeRunButton = (costMt: number) => `Run analysis (${formatCostTokens(costMt)} ${costMt === MT_PER_TOKEN ? 'token' : 'tokens'})`;
