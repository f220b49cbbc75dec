import { createRoute, z } from '@hono/zod-openapi';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

const SymbolParam = z.object({
  symbol: z.string().openapi({ param: { name: 'symbol', in: 'path' }, example: 'KO', description: 'Ticker; BRK-B, brk.b and BRK/B all mean BRK.B' }),
});

const InputSchema = z.object({
  key: z.string().openapi({ example: 'net_income', description: 'Statement line (or `market_cap`)' }),
  label: z.string().openapi({ example: 'Net income', description: 'What a person reads: the statement line’s or the fact catalogue’s label' }),
  fiscal_year: z.number().int(),
  value: z.number().nullable().openapi({ description: 'USD, shares or USD/share as the line; null = not known' }),
  filed_on: z.string().nullable().openapi({ description: 'Filing day of the figure, when the data dates it' }),
  filed_later: z.boolean().openapi({ description: 'No filing by the year’s own report carries it: taken from a later filing' }),
});

const CriterionSchema = z
  .object({
    id: z.string().openapi({ example: 'roa_positive' }),
    label: z.string(),
    inputs: z.array(InputSchema),
    value: z.number().nullable().openapi({ description: 'The measure tested (a ratio or index)' }),
    prior: z.number().nullable().openapi({ description: 'Last year’s measure, for tests that compare two years' }),
    threshold: z.string().openapi({ example: 'ROA > 0' }),
    weight: z.number().nullable().openapi({ description: 'Altman weight or Beneish coefficient' }),
    contribution: z.number().nullable().openapi({ description: 'weight × value, or the Piotroski point earned' }),
    passed: z.boolean().nullable().openapi({ description: 'null: a weighted term with no test of its own, or an input is missing (see note)' }),
    note: z.string().nullable(),
  })
  .openapi('ScorecardCriterion');

const CardSchema = z
  .object({
    kind: z.enum(['piotroski', 'altman', 'beneish']),
    score: z.number().nullable().openapi({ description: 'The engine’s score; null when it cannot be computed (reason)' }),
    verdict: z.enum(['pass', 'neutral', 'fail']).nullable(),
    threshold: z.string(),
    model: z.enum(['f', 'z', 'z_double_prime', 'm']),
    zone: z.string().nullable().openapi({ description: 'Altman zone: safe, grey or distress' }),
    evaluated: z.number().int().nullable().openapi({ description: 'Piotroski tests with all inputs (of 9)' }),
    reason: z.string().nullable(),
    criteria: z.array(CriterionSchema),
  })
  .openapi('Scorecard');

const YearSchema = z
  .object({
    fiscal_year: z.number().int(),
    filed_on: z.string().openapi({ description: 'Day the year’s annual report was filed: the scorecard is as known then' }),
    filed_later_count: z.number().int().openapi({ description: 'Figures taken from filings after that day' }),
    market_cap: z.object({ usd: z.number(), price: z.number(), price_date: z.string(), shares: z.number() }).nullable(),
    piotroski: CardSchema,
    altman: CardSchema,
    beneish: CardSchema,
  })
  .openapi('ScorecardYear');

const DistributionSchema = z
  .object({
    key: z.enum(['piotroski', 'altman_z', 'altman_z_double_prime', 'beneish']),
    sector: z.string(),
    peers: z.number().int(),
    bins: z.array(z.object({ from: z.number().nullable(), to: z.number().nullable(), count: z.number().int() })),
    company_value: z.number().nullable(),
    company_bin: z.number().int().nullable(),
    percentile: z.number().nullable().openapi({ description: 'Percent of the sector below the company (ties half)' }),
  })
  .openapi('ScoreDistribution');

const ScorecardsSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    sector: z.string().nullable(),
    industry: z.string().nullable(),
    company_class: z.enum(['manufacturer', 'non_manufacturer', 'bank', 'insurer']),
    data_day: z.string().openapi({ description: 'Last price day; fiscal years filed after it are not shown' }),
    years: z.array(YearSchema).openapi({ description: 'The last five fiscal years, oldest first' }),
    distributions: z.object({ piotroski: DistributionSchema.nullable(), altman: DistributionSchema.nullable(), beneish: DistributionSchema.nullable() }),
    peers_note: z.string().openapi({ description: 'Which companies the sector distributions count' }),
  })
  .openapi('Scorecards');

export const scorecardsRoute = createRoute({
  operationId: 'getScorecards',
  security: signedIn,
  method: 'get',
  path: '/api/fundamentals/{symbol}/scorecards',
  tags: ['fundamentals'],
  summary: 'Piotroski F, Altman Z/Z″ and Beneish M scorecards over five fiscal years, with the sector’s distribution (free)',
  description:
    'Each fiscal year as known on the day its annual report was filed; every criterion with its inputs, threshold and pass/fail. 404 UNKNOWN_SYMBOL or NO_DATA; 422 UNPROCESSABLE for an ETF or a company without annual reports.',
  request: { params: SymbolParam },
  responses: { 200: jsonContent(ScorecardsSchema, 'The scorecards'), ...errorResponses(400, 401, 404, 422) },
});

export const scorecardsExampleRoute = createRoute({
  operationId: 'getScorecardsExample',
  security: anyone,
  method: 'get',
  path: '/api/fundamentals/scorecards/example',
  tags: ['fundamentals'],
  summary: 'The public example: one company’s scorecards on real data (no sign-in)',
  // 404 only when the data in use lacks an example symbol (a snapshot without it).
  responses: { 200: jsonContent(ScorecardsSchema, 'The example company’s scorecards'), ...errorResponses(404) },
});

export type ScorecardsResponse = z.infer<typeof ScorecardsSchema>;
export type ScorecardResponse = z.infer<typeof CardSchema>;
export type ScorecardYearResponse = z.infer<typeof YearSchema>;
export type ScoreDistributionResponse = z.infer<typeof DistributionSchema>;
