export { SubscriptionCard, type SubscriptionSummary } from './components/subscription-card.tsx';
export { SandboxBanner, SandboxStrip, PaymentProviderNote } from './components/sandbox-banner.tsx';
export { TokenPackageGrid } from './components/token-package-grid.tsx';
export { Faq, type FaqItem } from './components/faq.tsx';
export { useBillingActions } from './api/use-billing-actions.ts';
export {
  useBillingPlans,
  useTokenPackages,
  useBillingSubscription,
  verifyTokenPurchase,
  type PlanInfo,
  type TokenPackageInfo,
  type PlansResponse,
  type TokenPackagesResponse,
} from './api/billing-api.ts';
