import type { Database } from '../db/index.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.ts';
import type { PaymentProvider } from './types.ts';

export type { PaymentProvider, ProviderEvent, ProviderCheckoutSession, ProviderSubscription, ProviderKind } from './types.ts';
export { WebhookSignatureError, ProviderError } from './types.ts';
export type { SandboxProvider, PortalAction, SandboxCheckoutView, SandboxPortalView } from './sandbox/sandbox-provider.ts';

export interface PaymentConfig {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_BASIC?: string;
  STRIPE_PRICE_PRO?: string;
  STRIPE_API_BASE?: string;
  BASE_URL: string;
}

/**
 * Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox (DESIGN §1). The Stripe SDK is imported
 * only when it is configured: it adds ~120 ms to every cold start otherwise.
 */
export async function createPaymentProvider(env: PaymentConfig, db: Database, now?: () => Date): Promise<PaymentProvider | SandboxProvider> {
  if (env.STRIPE_SECRET_KEY) {
    const { createStripeProvider } = await import('./stripe/stripe-provider.ts');
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      priceBasic: env.STRIPE_PRICE_BASIC ?? null,
      pricePro: env.STRIPE_PRICE_PRO ?? null,
      apiBase: env.STRIPE_API_BASE ?? null,
    });
  }
  return createSandboxProvider({ db, baseUrl: env.BASE_URL, now });
}

export const isSandboxProvider = (p: PaymentProvider): p is SandboxProvider => p.kind === 'sandbox';
