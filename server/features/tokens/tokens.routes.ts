import { createRoute, z } from '@hono/zod-openapi';
import { tiers } from '../../../core/tokens/tiers.ts';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

const Tier = z.enum(tiers);
const Tokens = z.number().openapi({ description: 'Tokens, at most 3 decimals (integer milli-tokens / 1000)', example: 9.2 });

const TokenAccountSchema = z
  .object({
    user_id: z.string(),
    token_balance: Tokens.openapi({ description: 'Available: allocation + purchased − held' }),
    remaining_tokens: Tokens.openapi({ description: "What is left of this period's allocation (unreserved)" }),
    subscription_tier: Tier,
    next_reset_date: z.string().openapi({ description: 'ISO time the monthly allocation resets' }),
    actual_billing_period_end: z.string().nullable(),
    last_tier_change: z.string().nullable(),
    previous_tier: Tier.nullable(),
    proration_factor: z.number().nullable(),
    allocation: Tokens.openapi({ description: "This period's allocation including what pending holds reserved from it" }),
    purchased: Tokens.openapi({ description: 'Purchased tokens (never expire) including what pending holds reserved from them' }),
    held: Tokens.openapi({ description: 'Reserved by analyses in progress' }),
    pending_tier: Tier.nullable().openapi({ description: 'Tier taking effect at the period end (downgrade or cancel)' }),
    monthly_allocation: Tokens,
  })
  .openapi('TokenAccount');

export const SubscriptionSchema = z
  .object({
    subscribed: z.boolean(),
    subscription_tier: Tier,
    subscription_end: z.string().nullable().openapi({ description: 'Billing period end of a paid tier, else null' }),
    tokens: Tokens.openapi({ description: 'Available balance (same as token_balance)' }),
  })
  .openapi('Subscription');

const TokenCostsSchema = z
  .object({
    costs: z.array(z.object({ action: z.string(), name: z.string(), tokens: Tokens, cost_mt: z.number().int() })),
    analysis_estimate: Tokens.openapi({ description: 'Tokens per full analysis used for "remaining analyses" (floor(balance / 0.8))' }),
  })
  .openapi('TokenCosts');

const TokenUsageSchema = z
  .object({
    days: z.array(z.object({ date: z.string().openapi({ example: '2026-07-02' }), used: Tokens, count: z.number().int() })),
    total_used: Tokens,
  })
  .openapi('TokenUsage');

const LedgerEntriesSchema = z
  .object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        reason: z.string(),
        change: Tokens.openapi({ description: 'Change of the available balance' }),
        balance_after: Tokens,
        created_at: z.string(),
        plan_change: z
          .object({
            from: Tier,
            to: Tier,
            applied: z.enum(['now', 'at-period-end', 'none']).openapi({ description: '`none`: the plan was already `to` (nothing changed)' }),
          })
          .optional()
          .openapi({ description: 'On `tier_change` entries: which plan change this was' }),
        analysis: z
          .object({ kind: z.string(), symbol: z.string(), subtype: z.string().nullable() })
          .optional()
          .openapi({ description: 'On `hold` entries of an analysis run: what was bought (kind, symbol, fundamental subtype)' }),
        copilot: z
          .object({ conversation_id: z.string() })
          .optional()
          .openapi({ description: 'On `hold` entries of a copilot answer: the conversation it was asked in' }),
      }),
    ),
  })
  .openapi('TokenLedgerEntries');

export const getTokensRoute = createRoute({
  operationId: 'getTokenAccount',
  security: signedIn,
  method: 'get',
  path: '/api/tokens',
  tags: ['tokens'],
  summary: "The signed-in user's token row (SPEC §3) with its buckets",
  responses: { 200: jsonContent(TokenAccountSchema, 'Token account'), ...errorResponses(401) },
});

export const getSubscriptionRoute = createRoute({
  operationId: 'getSubscription',
  security: signedIn,
  method: 'get',
  path: '/api/subscription',
  tags: ['tokens'],
  summary: 'Subscription check: tier, period end and available tokens',
  responses: { 200: jsonContent(SubscriptionSchema, 'Subscription state'), ...errorResponses(401) },
});

export const getTokenCostsRoute = createRoute({
  operationId: 'getTokenCosts',
  security: anyone,
  method: 'get',
  path: '/api/token-costs',
  tags: ['tokens'],
  summary: 'The usage guide: what each action costs',
  responses: { 200: jsonContent(TokenCostsSchema, 'Token costs') },
});

export const getTokenUsageRoute = createRoute({
  operationId: 'getTokenUsage',
  security: signedIn,
  method: 'get',
  path: '/api/tokens/usage',
  tags: ['tokens'],
  summary: 'Tokens spent per UTC day (captured charges), oldest first',
  request: { query: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }) },
  responses: { 200: jsonContent(TokenUsageSchema, 'Daily usage'), ...errorResponses(400, 401) },
});

export const getTokenLedgerRoute = createRoute({
  operationId: 'getTokenLedger',
  security: signedIn,
  method: 'get',
  path: '/api/tokens/ledger',
  tags: ['tokens'],
  summary: 'Recent changes of the balance, newest first',
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(20) }) },
  responses: { 200: jsonContent(LedgerEntriesSchema, 'Ledger entries'), ...errorResponses(400, 401) },
});

// What the web imports (type-only) instead of copying: the bodies these routes answer with.
export type Tier = z.infer<typeof Tier>;
export type TokenAccountResponse = z.infer<typeof TokenAccountSchema>;
export type SubscriptionResponse = z.infer<typeof SubscriptionSchema>;
export type TokenCostsResponse = z.infer<typeof TokenCostsSchema>;
export type TokenUsageResponse = z.infer<typeof TokenUsageSchema>;
export type TokenLedgerResponse = z.infer<typeof LedgerEntriesSchema>;
