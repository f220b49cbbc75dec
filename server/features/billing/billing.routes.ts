import { createRoute, z } from '@hono/zod-openapi';
import {
  formatUsdCents,
  freePlan,
  MAX_TOPUP_TOKENS,
  MIN_TOPUP_TOKENS,
  type Plan,
  plans,
  TOKEN_PRICE_CENTS,
  TOPUP_BALANCE_LIMIT_TOKENS,
} from '../../../core/tokens/catalog.ts';
import { tiers } from '../../../core/tokens/tiers.ts';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

const Tier = z.enum(tiers);
const ProviderKind = z.enum(['sandbox', 'stripe']);
const paidPlanIds = plans.map((p) => p.id) as [Plan['id'], ...Plan['id'][]];

const PlanSchema = z.object({
  id: z.enum([freePlan.id, ...paidPlanIds]),
  tier: Tier,
  name: z.string(),
  price_cents: z.number().int(),
  monthly_tokens: z.number().int(),
  features: z.array(z.string()),
});

const PlansSchema = z
  .object({
    plans: z.array(PlanSchema),
    provider: z.object({ kind: ProviderKind, name: z.string() }),
  })
  .openapi('BillingPlans');

const TokenPackagesSchema = z
  .object({
    packages: z.array(
      z.object({ id: z.string(), name: z.string(), tokens: z.number().int(), price_cents: z.number().int(), popular: z.boolean(), analyses: z.number().int() }),
    ),
    token_price_cents: z.number().int(),
    min_tokens: z.number().int(),
    max_tokens: z.number().int(),
  })
  .openapi('TokenPackages');

const BillingSubscriptionSchema = z
  .object({
    provider: ProviderKind,
    status: z.string().nullable(),
    tier: Tier,
    cancel_at_period_end: z.boolean(),
    current_period_end: z.string().nullable(),
    has_billing_account: z.boolean(),
  })
  .openapi('BillingSubscription');

const UrlSchema = z.object({ url: z.string() });

const CheckoutSchema = z
  .object({
    url: z.string(),
    portal: z.boolean().optional().openapi({ description: 'true when the URL is the customer portal (the user already subscribes)' }),
  })
  .openapi('Checkout');

/**
 * The service answers an unknown plan with INVALID_PLAN (and accepts any letter case); zod only bounds the
 * length, so the enum is stated for the document rather than enforced twice with another error code.
 */
const CheckoutRequestSchema = z
  .object({
    plan: z
      .string()
      .max(20)
      .optional()
      .default('basic')
      .openapi({ enum: paidPlanIds, description: 'Paid plan id, any letter case; an unknown plan is INVALID_PLAN' }),
  })
  .openapi('CheckoutRequest');

/** Range and integer checks are the service's (INVALID_AMOUNT), so zod lets the value through untyped; the document states the rule. */
const topupTokens = { type: 'integer', minimum: MIN_TOPUP_TOKENS, maximum: MAX_TOPUP_TOKENS } as const;
const TokenTopupRequestSchema = z
  .object({
    tokensToPurchase: z
      .unknown()
      .optional()
      .openapi({ ...topupTokens, description: 'Whole tokens to buy at $0.50 each' }),
    tokensTourchase: z
      .unknown()
      .optional()
      .openapi({ ...topupTokens, description: 'Alias of tokensToPurchase (SPEC §7 spelling); both present must agree' }),
  })
  .openapi('TokenTopupRequest', {
    description: 'One of tokensToPurchase or tokensTourchase is required.',
    anyOf: [{ required: ['tokensToPurchase'] }, { required: ['tokensTourchase'] }],
  });

const TokenTopupSchema = z.object({ url: z.string(), session_id: z.string() }).openapi('TokenTopup');
const VerifyTokenPurchaseSchema = z.object({ success: z.boolean(), tokens_added: z.number().int() }).openapi('TokenPurchaseVerification');
const WebhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const getPlansRoute = createRoute({
  operationId: 'listPlans',
  security: anyone,
  method: 'get',
  path: '/api/billing/plans',
  tags: ['billing'],
  summary: 'Free, Basic and Pro with price, monthly tokens and what each includes; the active payment provider',
  responses: { 200: jsonContent(PlansSchema, 'Plans') },
});

export const getTokenPackagesRoute = createRoute({
  operationId: 'listTokenPackages',
  security: anyone,
  method: 'get',
  path: '/api/billing/token-packages',
  tags: ['billing'],
  summary: 'The token packages (one server list for both pages) and the per-token price',
  responses: { 200: jsonContent(TokenPackagesSchema, 'Packages') },
});

export const getBillingSubscriptionRoute = createRoute({
  operationId: 'getBillingSubscription',
  security: signedIn,
  method: 'get',
  path: '/api/billing/subscription',
  tags: ['billing'],
  summary: "The provider's view of the user's subscription (renewal or end date, cancel at period end)",
  responses: { 200: jsonContent(BillingSubscriptionSchema, 'Subscription'), ...errorResponses(401) },
});

export const createCheckoutRoute = createRoute({
  operationId: 'createCheckout',
  security: signedIn,
  method: 'post',
  path: '/api/billing/create-checkout',
  tags: ['billing'],
  summary: 'Starts a subscription checkout (plan defaults to basic); a current subscriber gets the portal URL instead',
  request: {
    body: {
      required: false,
      content: { 'application/json': { schema: CheckoutRequestSchema } },
    },
  },
  responses: {
    200: jsonContent(CheckoutSchema, 'Hosted checkout URL (open in a new tab)'),
    ...errorResponses(400, 401, 429, 501, 502, 503),
  },
});

export const customerPortalRoute = createRoute({
  operationId: 'createCustomerPortalSession',
  security: signedIn,
  method: 'post',
  path: '/api/billing/customer-portal',
  tags: ['billing'],
  summary: "Opens the payment provider's customer portal (switch plan, cancel)",
  responses: { 200: jsonContent(UrlSchema, 'Portal URL (open in a new tab)'), ...errorResponses(401, 429, 502) },
});

/** The count may come as tokensToPurchase or (SPEC §7's spelling) tokensTourchase; validated in the handler. */
export const createTokenTopupRoute = createRoute({
  operationId: 'createTokenTopup',
  security: signedIn,
  method: 'post',
  path: '/api/billing/create-token-topup',
  tags: ['billing'],
  summary: `Starts a token purchase: integer ${MIN_TOPUP_TOKENS}..${MAX_TOPUP_TOKENS.toLocaleString('en-US')} tokens at ${formatUsdCents(TOKEN_PRICE_CENTS)}, Basic/Pro with a balance below ${TOPUP_BALANCE_LIMIT_TOKENS} only`,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: TokenTopupRequestSchema } },
    },
  },
  responses: { 200: jsonContent(TokenTopupSchema, 'Hosted checkout URL and session id'), ...errorResponses(400, 401, 403, 429, 502) },
});

export const verifyTokenPurchaseRoute = createRoute({
  operationId: 'verifyTokenPurchase',
  security: signedIn,
  method: 'post',
  path: '/api/billing/verify-token-purchase',
  tags: ['billing'],
  summary: 'Confirms a token purchase on return from checkout (once per session); credits it if the webhook has not yet',
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ session_id: z.string().min(1).max(255) }) } } } },
  responses: { 200: jsonContent(VerifyTokenPurchaseSchema, 'Result'), ...errorResponses(400, 401, 404, 429, 502) },
});

export const stripeWebhookRoute = createRoute({
  operationId: 'receiveStripeWebhook',
  security: anyone,
  method: 'post',
  path: '/api/webhooks/stripe',
  tags: ['billing'],
  summary: 'Stripe webhook: signature verified on the raw body; each event handled once',
  request: {
    headers: z.object({
      'stripe-signature': z.string().optional().openapi({ description: 'Stripe signature of the raw body (a missing one is INVALID_SIGNATURE)' }),
    }),
    body: { required: true, description: 'The Stripe event, as Stripe sent it', content: { 'application/json': { schema: { type: 'object' } } } },
  },
  responses: { 200: jsonContent(WebhookAckSchema, 'Accepted'), ...errorResponses(400, 501, 502) },
});

// What the web imports (type-only) instead of copying: the bodies these routes take and answer with.
export type Tier = z.infer<typeof Tier>;
export type ProviderKind = z.infer<typeof ProviderKind>;
export type PlanInfo = z.infer<typeof PlanSchema>;
export type PlansResponse = z.infer<typeof PlansSchema>;
export type TokenPackagesResponse = z.infer<typeof TokenPackagesSchema>;
export type TokenPackageInfo = TokenPackagesResponse['packages'][number];
export type BillingSubscriptionResponse = z.infer<typeof BillingSubscriptionSchema>;
export type CheckoutRequest = z.input<typeof CheckoutRequestSchema>;
export type CheckoutResponse = z.infer<typeof CheckoutSchema>;
export type PortalResponse = z.infer<typeof UrlSchema>;
export type TokenTopupRequest = { tokensToPurchase: number };
export type TokenTopupResponse = z.infer<typeof TokenTopupSchema>;
export type VerifyTokenPurchaseRequest = z.infer<(typeof verifyTokenPurchaseRoute.request.body.content)['application/json']['schema']>;
export type VerifyTokenPurchaseResponse = z.infer<typeof VerifyTokenPurchaseSchema>;
