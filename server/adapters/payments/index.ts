import type { Database } from '../db/index.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.ts';
import type { PaymentProvider } from './types.ts';

export type { PaymentProvider, ProviderEvent, ProviderCheckoutSession, ProviderSubscription, ProviderKind } from './types.ts';
export { WebhookSignatureError, ProviderError } from './types.ts';
export type { SandboxProvider, PortalAction, SandboxCheckoutView, SandboxPortalView } from './sandbox/sandbox-provider.ts';

interface PaymentConfig {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_BASIC?: string;
  STRIPE_PRICE_PRO?: string;
  STRIPE_API_BASE?: string;
  BASE_URL: string;
  NODE_ENV: string;
  PAYMENTS?: 'sandbox';
}

/**
 * Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox (DESIGN §1). The Stripe SDK is imported
 * only when it is configured: it adds ~120 ms to every cold start otherwise.
 * Refuses a configuration that would take payments it cannot see (no webhook secret) or, in production,
 * hand out plans for free (the sandbox) unless the operator asked for a demo with PAYMENTS=sandbox.
 */
export async function createPaymentProvider(env: PaymentConfig, db: Database, now?: () => Date): Promise<PaymentProvider | SandboxProvider> {
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_WEBHOOK_SECRET) {
      throw new Error(
        'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: set it to the signing secret of your Stripe webhook endpoint (whsec_…) so paid checkouts and subscription changes reach the app.',
      );
    }
    const { createStripeProvider } = await import('./stripe/stripe-provider.ts');
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      priceBasic: env.STRIPE_PRICE_BASIC ?? null,
      pricePro: env.STRIPE_PRICE_PRO ?? null,
      apiBase: env.STRIPE_API_BASE ?? null,
    });
  }
  if (env.NODE_ENV === 'production' && env.PAYMENTS !== 'sandbox') {
    throw new Error(
      'STRIPE_SECRET_KEY is required in production: set it (with STRIPE_WEBHOOK_SECRET and the price ids) to take real payments. For a demo that takes no real money, set PAYMENTS=sandbox instead.',
    );
  }
  return createSandboxProvider({ db, baseUrl: env.BASE_URL, now });
}

export const isSandboxProvider = (p: PaymentProvider): p is SandboxProvider => p.kind === 'sandbox';
