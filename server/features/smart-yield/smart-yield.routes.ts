import { createRoute, z } from '@hono/zod-openapi';
import { HOLDINGS_CSV_HEADER, MAX_CSV_LINES, MAX_HOLDINGS } from '../../../core/portfolio/holdings-input.ts';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

/** A pasted CSV of MAX_CSV_LINES lines fits comfortably; anything larger is refused before parsing. */
export const MAX_SMART_YIELD_BODY_BYTES = 128 * 1024;

const HoldingRowSchema = z
  .object({
    symbol: z.string().max(32).openapi({ example: 'KO' }),
    shares: z.number().openapi({ example: 40, description: 'Positive; fractional shares allowed (up to 6 decimals)' }),
    cost_per_share: z.number().nullable().optional().openapi({ example: 46.25, description: 'What one share cost, USD (optional: yield on cost)' }),
  })
  .strict();

const SmartYieldBodySchema = z
  .object({
    holdings: z
      .array(HoldingRowSchema)
      .max(MAX_CSV_LINES)
      .optional()
      .openapi({ description: `Rows as entered; at most ${MAX_HOLDINGS} distinct symbols` }),
    csv: z
      .string()
      .max(100_000)
      .optional()
      .openapi({ description: `Pasted CSV: ${HOLDINGS_CSV_HEADER} (header optional, cost optional), one holding per line`, example: 'KO,40,46.25\nPEP,10' }),
  })
  .strict()
  .openapi('SmartYieldRequest');

const Pct = z.number().nullable().openapi({ description: 'Percent (3.4 = 3.4 %)' });

const SafetySchema = z.object({
  score: z.number().openapi({ description: '0–100' }),
  band: z.enum(['very_safe', 'safe', 'borderline', 'unsafe', 'very_unsafe']),
  fiscal_year: z.number().int(),
  components: z.array(
    z.object({
      id: z.enum(['payout', 'fcf_cover', 'leverage', 'streak', 'earnings_stability']),
      weight: z.number(),
      value: z.number().nullable(),
      points: z.number().nullable().openapi({ description: '0–1 of the weight earned; null when excluded' }),
      note: z.string().nullable(),
    }),
  ),
});

const HoldingYieldSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    shares: z.number(),
    cost_per_share: z.number().nullable(),
    lines: z.array(z.number().int()).openapi({ description: 'CSV lines or rows merged into this holding' }),
    price: z.number().nullable(),
    market_value_cents: z.number().int().nullable(),
    annual_dividend_per_share: z.number().nullable().openapi({ description: 'USD per share that went ex in the trailing year' }),
    annual_income_cents: z.number().int().nullable(),
    payments_per_year: z.number().int(),
    dividend_yield_pct: Pct,
    yield_on_cost_pct: Pct,
    payout_ratio_pct: Pct,
    growth_streak_years: z.number().int().nullable(),
    growth_streak_at_least: z.boolean().openapi({ description: 'The streak reaches back to the start of the history: it may be longer' }),
    growth_streak_data_from: z.number().int().nullable().openapi({ description: 'First year of the dividend records the streak was measured on' }),
    dividend_cagr_5y_pct: Pct,
    safety: SafetySchema.nullable(),
    notes: z.array(z.string()),
    counted: z.boolean().openapi({ description: 'False: left out of income and weighted yield (see notes)' }),
  })
  .openapi('HoldingYield');

const SmartYieldSchema = z
  .object({
    data_day: z.string().openapi({ description: 'Newest price day among the holdings: yields are measured on it' }),
    history_through: z.string().openapi({ description: 'Last day the dividend history covers' }),
    window: z.object({ after: z.string(), through: z.string() }).openapi({ description: 'Ex-dates of the payments the projection copies' }),
    calendar: z.array(
      z.object({
        month: z.string().openapi({ example: '2026-09' }),
        income_cents: z.number().int(),
        known: z.boolean().openapi({
          description:
            'False when the dividend records end before the same month a year earlier: income_cents then repeats an older year and is shown as unknown',
        }),
        by_symbol: z.array(z.object({ symbol: z.string(), income_cents: z.number().int() })),
      }),
    ),
    holdings: z.array(HoldingYieldSchema),
    totals: z.object({
      market_value_cents: z.number().int(),
      annual_income_cents: z.number().int(),
      monthly_average_cents: z.number().int(),
      weighted_yield_pct: Pct,
      cost_basis_cents: z.number().int().nullable(),
      yield_on_cost_pct: Pct,
      counted: z.number().int(),
      excluded: z.array(z.object({ symbol: z.string(), reason: z.string() })),
    }),
    merged: z
      .array(z.object({ symbol: z.string(), lines: z.array(z.number().int()) }))
      .openapi({ description: 'Symbols given on several lines, merged into one holding' }),
  })
  .openapi('SmartYield');

export const smartYieldRoute = createRoute({
  operationId: 'analyseSmartYield',
  security: signedIn,
  method: 'post',
  path: '/api/smart-yield',
  tags: ['smart-yield'],
  summary: 'Dividend yield, safety and a 12-month income calendar for a portfolio (free, nothing stored)',
  description: `Send \`holdings\` rows or a \`csv\` (${HOLDINGS_CSV_HEADER}, header optional), not both. The same symbol on several lines is merged (shares summed, cost averaged by shares). Refused with nothing stored: bad rows or CSV lines (400 VALIDATION_FAILED naming the line), unknown symbols (404 UNKNOWN_SYMBOL listing them), more than ${MAX_HOLDINGS} holdings (400).`,
  request: { body: { required: true, content: { 'application/json': { schema: SmartYieldBodySchema } } } },
  responses: { 200: jsonContent(SmartYieldSchema, 'The report'), ...errorResponses(400, 401, 404, 413, 415) },
});

export const smartYieldExampleRoute = createRoute({
  operationId: 'getSmartYieldExample',
  security: anyone,
  method: 'get',
  path: '/api/smart-yield/example',
  tags: ['smart-yield'],
  summary: 'The public example portfolio’s report on real data (no sign-in)',
  // 404 only when the data in use lacks an example symbol (a snapshot without it).
  responses: { 200: jsonContent(SmartYieldSchema, 'The example report'), ...errorResponses(404) },
});

export type SmartYieldBody = z.infer<typeof SmartYieldBodySchema>;
export type SmartYieldResponse = z.infer<typeof SmartYieldSchema>;
export type HoldingYieldResponse = z.infer<typeof HoldingYieldSchema>;
