/** What each action costs, in milli-tokens (DESIGN §4). The one table behind `GET /api/token-costs`. */
export const tokenCosts = [
  { action: 'overview', name: 'Quick Overview Analysis', costMt: 500 },
  { action: 'fundamental', name: 'Fundamental Analysis', costMt: 1000 },
  { action: 'technical', name: 'Technical Analysis', costMt: 800 },
  { action: 'balance-sheet', name: 'Balance Sheet Analysis', costMt: 1200 },
  { action: 'etf', name: 'ETF Analysis', costMt: 800 },
  { action: 'dcf', name: 'DCF Valuation', costMt: 1000 },
  { action: 'copilot', name: 'AI Copilot Query', costMt: 300 },
] as const;

export type TokenAction = (typeof tokenCosts)[number]['action'];
export type AnalysisKind = Exclude<TokenAction, 'copilot'>;

/** Every chargeable action, in table order; a non-empty tuple so zod can build `z.enum(tokenActions)`. */
export const tokenActions = tokenCosts.map((c) => c.action) as [TokenAction, ...TokenAction[]];

/** The analysis kinds (`POST /api/analyses {kind}`): every action but the copilot. */
export const analysisKinds = tokenActions.filter((a): a is AnalysisKind => a !== 'copilot') as [AnalysisKind, ...AnalysisKind[]];

/** Cost of one action in milli-tokens. */
export function getActionCostMt(action: TokenAction): number {
  const entry = tokenCosts.find((c) => c.action === action);
  if (!entry) throw new Error(`Unknown token action: ${action}`);
  return entry.costMt;
}
