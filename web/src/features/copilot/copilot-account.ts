import type { Tier } from '../../../../core/tokens/tiers.ts';
import { MT_PER_TOKEN } from '../../../../core/tokens/units.ts';

/** What the copilot page needs from the account (composed in the app from the auth and tokens features). */
export interface CopilotAccount {
  userId: string | null;
  /** Available tokens, 3 decimals. */
  balance: number;
  tier: Tier;
  /** What an answered question costs, from GET /api/token-costs; null until it arrives. */
  costMt: number | null;
  /** Re-read the balance after an answer or a 402. */
  onBalanceChanged: () => void;
}

/** "0.3" from 300 mt: a price reads shorter than a balance. */
export const formatCost = (mt: number) => (mt / MT_PER_TOKEN).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 3 });
