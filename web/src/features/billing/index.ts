export { SubscriptionCard, type SubscriptionSummary } from './components/subscription-card.tsx';
export { SandboxBanner, SandboxStrip, PaymentProviderNote } from './components/sandbox-banner.tsx';
export { TokenPackageGrid } from './components/token-package-grid.tsx';
export { Faq, type FaqItem } from './components/faq.tsx';
export { useBillingActions } from './api/use-billing-actions.ts';
export { useBillingPlans, type PlanInfo, type PlansResponse } from './api/get-plans.ts';
export { useTokenPackages, type TokenPackageInfo, type TokenPackagesResponse } from './api/get-token-packages.ts';
export { useBillingSubscription } from './api/get-billing-subscription.ts';
export { verifyTokenPurchase } from './api/verify-token-purchase.ts';
