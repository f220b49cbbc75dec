export { SubscriptionProvider, useSubscription, defaultSubscription, TOKEN_REFRESH_MS, type SubscriptionState, type Tier } from './subscription-context.tsx';
export { deriveSubscriptionValues, defaultSubscriptionValues, type SubscriptionValues } from './subscription-state.ts';
export {
  useTokenCosts,
  useTokenUsage,
  useTokenLedger,
  tokenQueryKeys,
  type TokenAccountResponse,
  type SubscriptionResponse,
  type TokenCostsResponse,
  type TokenUsageResponse,
} from './api/tokens-api.ts';
export { TokenBalanceCard } from './components/token-balance-card.tsx';
export { UsageGuide } from './components/usage-guide.tsx';
export { UsageChart } from './components/usage-chart.tsx';
export { RecentActivity } from './components/recent-activity.tsx';
