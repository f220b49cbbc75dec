import { createRoute, z } from '@hono/zod-openapi';
import { DCF_EXAMPLE_SYMBOL } from '../../../core/analysis/dcf/studio.ts';
import { DcfInputsSchema } from '../../http/dcf-inputs.ts';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

/** A saved valuation is a few hundred bytes: anything near the app-wide 1 MB limit is refused early. */
export const MAX_VALUATION_BODY_BYTES = 4 * 1024;
/** Saved valuations per user; the list shows them all. */
export const MAX_VALUATIONS_PER_USER = 100;

const SymbolField = z.string().min(1).max(32).openapi({ example: 'AAPL', description: 'Ticker; BRK-B, brk.b and BRK/B all mean BRK.B' });
const SymbolParam = z.object({ symbol: SymbolField.openapi({ param: { name: 'symbol', in: 'path' } }) });
const IdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e' }),
});

const SourcedSchema = z.object({ as_of: z.string(), source: z.string() });

const DcfSetupSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    as_of: z.string().openapi({ description: 'The data day: the last price bar; statements filed after it are not used' }),
    price: z.number().openapi({ description: 'USD per share on `price_date`' }),
    price_date: z.string(),
    fiscal_year: z.number().int().openapi({ description: 'The fiscal year whose statements give the base FCF and the bridge' }),
    fcf_basis: z.enum(['reported', 'operating_cash_flow_minus_capex', 'average_fcf_margin', 'built_from_revenue', 'affo', 'dividends']).openapi({
      description:
        "What the base cash flow is: one year's free cash flow, normalised over the cycle, the equivalent of the revenue-built projection, AFFO (REITs) or dividends",
    }),
    model: z
      .object({ key: z.enum(['fcff', 'affo', 'ddm']), label: z.string(), reason: z.string() })
      .openapi({ description: "The analysis's valuation model for this company, and why (banks and insurers, valued on book value, have no studio)" }),
    company: z.object({
      base_fcf_usd: z.number(),
      shares_diluted: z.number(),
      total_debt_usd: z.number(),
      cash_usd: z.number().openapi({ description: 'Cash and short-term investments' }),
      nci_usd: z.number().openapi({ description: 'Non-controlling interest' }),
    }),
    assumed_zero: z.array(z.string()).openapi({ description: 'Bridge lines taken as 0 because not reported' }),
    measured: z.object({
      beta: z.object({
        value: z.number(),
        basis: z.enum(['calibrated']),
        description: z.string().openapi({
          description: 'How the beta was reached (own weekly or monthly beta vs SPY, Blume-adjusted, averaged with the sector bottom-up beta, floored)',
        }),
        raw: z.number().nullable(),
        from: z.string().nullable(),
        to: z.string().nullable(),
      }),
      cost_of_debt_basis: z.enum([
        'interest_over_average_debt',
        'interest_over_debt',
        'floored_at_risk_free',
        'capped_at_synthetic_rating',
        'synthetic_rating',
        'fallback_spread',
        'user_input',
      ]),
      tax_basis: z.enum(['effective', 'statutory', 'user_input']),
    }),
    sources: z.object({ risk_free_rate: SourcedSchema, equity_risk_premium: SourcedSchema }),
    history: z
      .object({
        line: z.enum(['free_cash_flow', 'revenue']),
        values: z.array(z.object({ fiscal_year: z.number().int(), value: z.number() })),
        yearly_growth: z.array(z.number()),
        cagr: z.number(),
      })
      .nullable()
      .openapi({ description: 'The growth record the presets come from; null when fewer than 4 consecutive positive years' }),
    defaults: DcfInputsSchema,
    presets: z.object({ conservative: DcfInputsSchema, base: DcfInputsSchema, optimistic: DcfInputsSchema }),
  })
  .openapi('DcfSetup');

const ValuationResultSchema = z
  .object({
    fair_value_per_share: z.number(),
    price: z.number(),
    upside: z.number().openapi({ description: 'Fraction: fair value / price − 1' }),
    wacc: z.number(),
    terminal_value_share: z.number().openapi({ description: 'Fraction of enterprise value' }),
    implied_growth: z.number().nullable().openapi({ description: 'Reverse DCF; null when no growth in −50 %…100 % reaches the price' }),
    as_of: z.string().openapi({ description: 'The data day the value was computed on' }),
  })
  .openapi('ValuationResult');

const ValuationSchema = z
  .object({
    id: z.string().uuid(),
    symbol: z.string(),
    label: z.string().nullable(),
    inputs: DcfInputsSchema,
    result: ValuationResultSchema,
    analysis_id: z.string().uuid().nullable().openapi({ description: 'The DCF analysis (written note) saved with it, if any' }),
    created_at: z.string(),
  })
  .openapi('Valuation');

const CreateValuationBodySchema = z
  .object({
    symbol: SymbolField,
    inputs: DcfInputsSchema,
    label: z.string().trim().min(1).max(80).nullable().optional().openapi({ example: 'Base case, slower growth' }),
    analysis_id: z.string().max(64).nullable().optional().openapi({ description: 'A DCF analysis of yours on this symbol (Save with a written note)' }),
  })
  .strict()
  .openapi('CreateValuation');

const ListValuationsQuerySchema = z.object({ symbol: SymbolField.optional() });

export const getDcfSetupRoute = createRoute({
  operationId: 'getDcfInputs',
  security: anyone,
  method: 'get',
  path: '/api/dcf/{symbol}/inputs',
  tags: ['valuations'],
  summary: "A company's DCF studio inputs: its figures, measured WACC inputs and presets from its history (free)",
  description: `Free. Signed out, only the page's live example (${DCF_EXAMPLE_SYMBOL}) answers; every other symbol needs a session (401). 422 when no DCF can value the company (an ETF, no free cash flow, negative FCF).`,
  request: { params: SymbolParam },
  responses: { 200: jsonContent(DcfSetupSchema, 'The inputs the studio starts from'), ...errorResponses(400, 401, 404, 422) },
});

const ValuationAvailabilitySchema = z
  .object({
    symbol: z.string(),
    as_of: z.string().openapi({ description: 'The data day the answer holds for' }),
    available: z.boolean(),
    model: z
      .enum(['fcff', 'justified_pb', 'affo', 'ddm'])
      .nullable()
      .openapi({ description: 'The model the valuation uses for this company; null when none can value it' }),
    model_label: z.string().nullable(),
    reason: z.string().nullable().openapi({ description: 'Why no model can value it, in words (null when available)' }),
  })
  .openapi('ValuationAvailability');
export type ValuationAvailabilityResponse = z.infer<typeof ValuationAvailabilitySchema>;

export const getValuationAvailabilityRoute = createRoute({
  operationId: 'getValuationAvailability',
  security: anyone,
  method: 'get',
  path: '/api/dcf/{symbol}/availability',
  tags: ['valuations'],
  summary: 'Whether a DCF valuation can value this company, with which model, or why not (free)',
  description:
    'Free and public: the analysis card shows "Not available" with the reason before any run, so nothing is charged for a company no model can value. 422 for a symbol no valuation applies to at all (an ETF, no statements).',
  request: { params: SymbolParam },
  responses: { 200: jsonContent(ValuationAvailabilitySchema, 'Available with its model, or not with the reason'), ...errorResponses(400, 404, 422) },
});

export const createValuationRoute = createRoute({
  operationId: 'createValuation',
  security: signedIn,
  method: 'post',
  path: '/api/valuations',
  tags: ['valuations'],
  summary: 'Save a valuation: the server recomputes it from the inputs (free)',
  description: `Bad inputs (out of range, WACC ≤ 0, terminal growth within 1.5 points of the WACC) are 400 naming \`inputs.<field>\`; nothing is stored. At most ${MAX_VALUATIONS_PER_USER} per user (422).`,
  request: { body: { required: true, content: { 'application/json': { schema: CreateValuationBodySchema } } } },
  responses: { 201: jsonContent(ValuationSchema, 'The saved valuation'), ...errorResponses(400, 401, 404, 413, 415, 422) },
});

export const listValuationsRoute = createRoute({
  operationId: 'listValuations',
  security: signedIn,
  method: 'get',
  path: '/api/valuations',
  tags: ['valuations'],
  summary: "The signed-in user's saved valuations, newest first (free)",
  request: { query: ListValuationsQuerySchema },
  responses: { 200: jsonContent(z.object({ valuations: z.array(ValuationSchema) }).openapi('ValuationList'), 'All of them'), ...errorResponses(400, 401, 404) },
});

export const getValuationRoute = createRoute({
  operationId: 'getValuation',
  security: signedIn,
  method: 'get',
  path: '/api/valuations/{id}',
  tags: ['valuations'],
  summary: 'Reopen a saved valuation (free); 404 for anyone but its owner',
  request: { params: IdParam },
  responses: { 200: jsonContent(ValuationSchema, 'The valuation'), ...errorResponses(401, 404) },
});

export const deleteValuationRoute = createRoute({
  operationId: 'deleteValuation',
  security: signedIn,
  method: 'delete',
  path: '/api/valuations/{id}',
  tags: ['valuations'],
  summary: 'Delete a saved valuation; 404 for anyone but its owner',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 404) },
});

// What the web imports (type-only).
export type DcfSetupResponse = z.infer<typeof DcfSetupSchema>;
export type ValuationResponse = z.infer<typeof ValuationSchema>;
export type CreateValuationBody = z.input<typeof CreateValuationBodySchema>;
export type ValuationListResponse = { valuations: ValuationResponse[] };
