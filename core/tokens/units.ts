/** Token amounts are integer milli-tokens everywhere below the UI and the JSON API (DESIGN §4). */
export const MT_PER_TOKEN = 1000;

/** The largest single amount (cost, grant, purchase) the ledger accepts: 10^12 mt = 10^9 tokens. */
const MAX_AMOUNT_MT = 1_000_000_000_000;

type AmountProblem = 'not_a_number' | 'not_positive' | 'below_one_mt' | 'not_integer' | 'too_large';

/**
 * Checks an amount in milli-tokens: a finite integer in 1..10^12. Returns the problem, or null when valid.
 * Fractions are refused rather than rounded so that no caller can invent or lose a fraction of a milli-token.
 */
export function findAmountProblem(amountMt: unknown): AmountProblem | null {
  if (typeof amountMt !== 'number' || Number.isNaN(amountMt)) return 'not_a_number';
  if (amountMt <= 0) return 'not_positive';
  if (!Number.isFinite(amountMt) || amountMt > MAX_AMOUNT_MT) return 'too_large';
  if (amountMt < 1) return 'below_one_mt';
  if (!Number.isInteger(amountMt)) return 'not_integer';
  return null;
}

export const amountProblemMessages: Record<AmountProblem, string> = {
  not_a_number: 'The amount must be a number.',
  not_positive: 'The amount must be greater than zero.',
  below_one_mt: 'The amount must be at least 0.001 tokens.',
  not_integer: 'The amount must be a whole number of milli-tokens (at most 3 decimals of a token).',
  too_large: 'The amount is too large.',
};

/** Whole tokens or decimals with ≤ 3 places → milli-tokens, or null when it is not exactly representable. */
export function convertTokensToMt(tokens: number): number | null {
  if (!Number.isFinite(tokens)) return null;
  const mt = Math.round(tokens * MT_PER_TOKEN);
  // 0.1 * 1000 is 100.00000000000001 in floats: accept anything within a float's noise of an integer.
  return Math.abs(mt - tokens * MT_PER_TOKEN) < 1e-6 * Math.max(1, Math.abs(mt)) ? mt : null;
}

/** Milli-tokens → tokens as a JS number with at most 3 decimals (exact for |mt| < 2^53). */
export const convertMtToTokens = (mt: number): number => mt / MT_PER_TOKEN;

/** Estimated cost of one full analysis (SPEC §9): remaining analyses = floor(balance / 0.8). */
export const ANALYSIS_ESTIMATE_MT = 800;

/** floor(balance / 0.8) in integer arithmetic: 2.4 / 0.8 is 2.9999999999999996 in floats, which would say 2. */
export function computeRemainingAnalyses(balanceTokens: number): number {
  const mt = Math.round(balanceTokens * MT_PER_TOKEN);
  return mt <= 0 ? 0 : Math.floor(mt / ANALYSIS_ESTIMATE_MT);
}
