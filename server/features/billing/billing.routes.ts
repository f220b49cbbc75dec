import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonContent } from '../../http/openapi.ts';

const PlanSchema = z.object({
  id: z.enum(['free', 'basic', 'pro']),
  tier: z.enum(['Free', 'Basic', 'Pro']),
  name: z.string(),
  price_cents: z.number().int(),
  monthly_tokens: z.number().int(),
  features: z.array(z.string()),
});

export const PlansSchema = z
  .object({
    plans: z.array(PlanSchema),
    provider: z.object({ kind: z.enum(['sandbox', 'stripe']), name: z.string() }),
  })
  .openapi('BillingPlans');

export const TokenPackagesSchema = z
  .object({
    packages: z.array(
      z.object({ id: z.string(), name: z.string(), tokens: z.number().int(), price_cents: z.number().int(), popular: z.boolean(), analyses: z.number().int() }),
    ),
    token_price_cents: z.number().int(),
    min_tokens: z.number().int(),
    max_tokens: z.number().int(),
  })
  .openapi('TokenPackages');

export const BillingSubscriptionSchema = z
  .object({
    provider: z.enum(['sandbox', 'stripe']),
    status: z.string().nullable(),
    tier: z.enum(['Free', 'Basic', 'Pro']),
    cancel_at_period_end: z.boolean(),
    current_period_end: z.string().nullable(),
    has_billing_account: z.boolean(),
  })
  .openapi('BillingSubscription');

const UrlSchema = z.object({ url: z.string() });

export const getPlansRoute = createRoute({
  method: 'get',
  path: '/api/billing/plans',
  tags: ['billing'],
  summary: 'Free, Basic and Pro with price, monthly tokens and what each includes; the active payment provider',
  responses: { 200: jsonContent(PlansSchema, 'Plans') },
});

export const getTokenPackagesRoute = createRoute({
  method: 'get',
  path: '/api/billing/token-packages',
  tags: ['billing'],
  summary: 'The token packages (one server list for both pages) and the per-token price',
  responses: { 200: jsonContent(TokenPackagesSchema, 'Packages') },
});

export const getBillingSubscriptionRoute = createRoute({
  method: 'get',
  path: '/api/billing/subscription',
  tags: ['billing'],
  summary: "The provider's view of the user's subscription (renewal or end date, cancel at period end)",
  responses: { 200: jsonContent(BillingSubscriptionSchema, 'Subscription'), ...errorResponses(401) },
});

export const createCheckoutRoute = createRoute({
  method: 'post',
  path: '/api/billing/create-checkout',
  tags: ['billing'],
  summary: 'Starts a subscription checkout (plan defaults to basic); a current subscriber gets the portal URL instead',
  request: {
    body: {
      required: false,
      content: { 'application/json': { schema: z.object({ plan: z.string().max(20).optional().default('basic') }) } },
    },
  },
  responses: {
    200: jsonContent(
      z.object({ url: z.string(), portal: z.boolean().optional().openapi({ description: 'true when the URL is the customer portal (the user already subscribes)' }) }),
      'Hosted checkout URL (open in a new tab)',
    ),
    ...errorResponses(400, 401, 429, 503),
  },
});

export const customerPortalRoute = createRoute({
  method: 'post',
  path: '/api/billing/customer-portal',
  tags: ['billing'],
  summary: "Opens the payment provider's customer portal (switch plan, cancel)",
  responses: { 200: jsonContent(UrlSchema, 'Portal URL (open in a new tab)'), ...errorResponses(401, 429) },
});

/** The count may come as tokensToPurchase or (SPEC §7's spelling) tokensTourchase; validated in the handler. */
export const createTokenTopupRoute = createRoute({
  method: 'post',
  path: '/api/billing/create-token-topup',
  tags: ['billing'],
  summary: 'Starts a token purchase: integer 20..10,000 tokens at $0.50, Basic/Pro with a balance below 5 only',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            tokensToPurchase: z.unknown().optional().openapi({ type: 'integer', minimum: 20, maximum: 10000 }),
            tokensTourchase: z.unknown().optional().openapi({ type: 'integer', description: 'Alias of tokensToPurchase (SPEC §7 spelling)' }),
          }),
        },
      },
    },
  },
  responses: { 200: jsonContent(z.object({ url: z.string(), session_id: z.string() }), 'Hosted checkout URL and session id'), ...errorResponses(400, 401, 403, 429) },
});

export const verifyTokenPurchaseRoute = createRoute({
  method: 'post',
  path: '/api/billing/verify-token-purchase',
  tags: ['billing'],
  summary: 'Confirms a token purchase on return from checkout (once per session); credits it if the webhook has not yet',
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ session_id: z.string().min(1).max(255) }) } } } },
  responses: { 200: jsonContent(z.object({ success: z.boolean(), tokens_added: z.number().int() }), 'Result'), ...errorResponses(400, 401, 404, 429) },
});

export const stripeWebhookRoute = createRoute({
  method: 'post',
  path: '/api/webhooks/stripe',
  tags: ['billing'],
  summary: 'Stripe webhook: signature verified on the raw body; each event handled once',
  responses: { 200: jsonContent(z.object({ received: z.literal(true), duplicate: z.boolean() }), 'Accepted'), ...errorResponses(400) },
});
