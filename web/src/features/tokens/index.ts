export { SubscriptionProvider, useSubscription, defaultSubscription, type SubscriptionState, type Tier } from './subscription-context.tsx';
