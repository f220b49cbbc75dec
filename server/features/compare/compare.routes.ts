import { createRoute, z } from '@hono/zod-openapi';
import { COMPARE_KINDS, FIGURE_IDS } from '../../../core/compare/compare-rows.ts';
import { MAX_COMPARE_SYMBOLS } from '../../../core/compare/compare-symbols.ts';
import { errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';
import { QuoteSchema } from '../market/index.ts';

const CompareQuerySchema = z.object({
  symbols: z
    .string()
    .max(400)
    .optional()
    .openapi({
      description: `Up to ${MAX_COMPARE_SYMBOLS} symbols, comma-separated, in any accepted spelling (BRK-B, brk.b); trimmed, upper-cased and de-duplicated`,
      example: 'AAPL,MSFT,GOOGL',
    }),
});

const SavedAnalysisSchema = z
  .object({
    id: z.string().uuid(),
    as_of: z.string().openapi({ description: 'The data day the analysis used', example: '2026-07-02' }),
    created_at: z.string(),
    current: z.boolean().openapi({ description: 'It used the data day a new run would use now' }),
    headline: z.string(),
    verdict: z.string().openapi({ description: "The note's verdict" }),
    facts: z
      .record(z.string(), z.union([z.number(), z.string()]).nullable())
      .openapi({ description: 'The facts the comparison shows (grades, technical_rating, fair_value_per_share, upside_percent); null when the run had none' }),
  })
  .openapi('CompareSavedAnalysis');

const CompareKindSchema = z
  .object({
    kind: z.enum(COMPARE_KINDS),
    unavailable: z.string().nullable().openapi({ description: 'Why this kind cannot run on the symbol; null when it can' }),
    saved: z
      .union([SavedAnalysisSchema, z.null()])
      .openapi({ description: 'The newest of your analyses of this kind on the symbol (read free); null: none yet' }),
  })
  .openapi('CompareAnalysisKind');

const CompareItemSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    type: z.enum(['stock', 'etf']),
    sector: z.string().nullable(),
    data_day: z.string().openapi({ description: 'The date of the last price bar the figures use (the snapshot date without prices)' }),
    // As GET /api/market/quote/{symbol} answers; null without price data (a union: `.nullable()` of a named schema is written as an allOf that refuses null).
    quote: z.union([QuoteSchema, z.null()]),
    figures: z
      .object(Object.fromEntries(FIGURE_IDS.map((id) => [id, z.number().nullable()])) as Record<(typeof FIGURE_IDS)[number], z.ZodNullable<z.ZodNumber>>)
      .openapi({ description: 'Market figures in the screener’s units (percent as 26.92); null when the data cannot give one' }),
    missing: z.record(z.string(), z.string()).openapi({
      description: 'Why a figure is null, by figure id (e.g. "no dividend on record for the 12 months to 2026-07-02"): a missing figure is never 0',
      example: { pe_ttm: 'earnings are negative' },
    }),
    performance: z
      .object({ dates: z.array(z.string()), closes: z.array(z.number()) })
      .openapi({ description: 'The weekly closes of the last year (month-end closes where only those exist), oldest first' }),
    analyses: z.array(CompareKindSchema),
  })
  .openapi('CompareItem');

const CompareResponseSchema = z
  .object({
    symbols: z.array(z.string()).openapi({ description: 'The symbols compared, canonical, in the order asked' }),
    max_symbols: z.number().int().openapi({ example: MAX_COMPARE_SYMBOLS }),
    items: z.array(CompareItemSchema),
  })
  .openapi('Comparison');

export const compareRoute = createRoute({
  operationId: 'compareSymbols',
  security: signedIn,
  method: 'get',
  path: '/api/compare',
  tags: ['compare'],
  summary: `Up to ${MAX_COMPARE_SYMBOLS} symbols side by side: market figures and your newest saved analyses of each kind (free, never charged)`,
  description: `Bad input names the field \`symbols\`: none given (400 VALIDATION_FAILED), a malformed symbol (400 INVALID_SYMBOL), more than ${MAX_COMPARE_SYMBOLS} distinct symbols (400 TOO_MANY_SYMBOLS), a symbol we do not list (404 UNKNOWN_SYMBOL naming it).`,
  request: { query: CompareQuerySchema },
  responses: { 200: jsonContent(CompareResponseSchema, 'The comparison'), ...errorResponses(400, 401, 404) },
});

// What the web imports (type-only).
export type CompareResponse = z.infer<typeof CompareResponseSchema>;
export type CompareItem = z.infer<typeof CompareItemSchema>;
export type CompareKindEntry = z.infer<typeof CompareKindSchema>;
export type CompareSavedAnalysis = z.infer<typeof SavedAnalysisSchema>;
