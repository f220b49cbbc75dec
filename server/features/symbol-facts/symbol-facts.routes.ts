import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

const SymbolParam = z.object({
  symbol: z.string().openapi({ param: { name: 'symbol', in: 'path' }, example: 'AAPL', description: 'Ticker; BRK-B, brk.b and BRK/B all mean BRK.B' }),
});

const UNITS = ['percent', 'usd', 'usd_per_share', 'ratio', 'times', 'score', 'count', 'shares', 'years', 'label'] as const;

const SymbolFactSchema = z
  .object({
    key: z.string().openapi({ example: 'pe_ttm', description: 'The fact catalogue key (the same key on every page, export and answer)' }),
    label: z.string().openapi({ example: 'P/E (trailing twelve months)' }),
    unit: z.enum(UNITS).openapi({ description: 'percent values are in percent units (26.92 means 26.92 %); usd are whole dollars' }),
    value: z.union([z.number(), z.string()]).openapi({ example: 35.24 }),
    period: z.string().openapi({ example: 'TTM, price of 2026-07-02' }),
    source: z.string().openapi({ example: 'computed' }),
    as_of: z.string().openapi({ example: '2026-07-02', description: 'Filing date or bar date of the newest input' }),
  })
  .openapi('SymbolFact');

const MissingFactSchema = z
  .object({
    key: z.string().openapi({ example: 'dividend_yield_ttm' }),
    label: z.string(),
    reason: z.string().openapi({ example: "no dividend on record for the 12 months to 2026-07-02 (the records' coverage is unknown)" }),
  })
  .openapi('MissingSymbolFact');

const SymbolFactsSchema = z
  .object({
    symbol: z.string(),
    data_day: z.string().openapi({ description: 'The price day the facts are computed at' }),
    facts: z.array(SymbolFactSchema),
    missing: z.array(MissingFactSchema).openapi({ description: 'Figures that could not be computed for this symbol, each with why — never served as 0' }),
  })
  .openapi('SymbolFacts');

export type SymbolFactsResponse = z.infer<typeof SymbolFactsSchema>;

export const symbolFactsRoute = createRoute({
  operationId: 'getSymbolFacts',
  security: signedIn,
  method: 'get',
  path: '/api/market/facts/{symbol}',
  tags: ['market'],
  summary: "A symbol's catalogue facts on its data day: the figures every page, export and answer reads",
  request: { params: SymbolParam },
  responses: { 200: jsonContent(SymbolFactsSchema, 'Facts and the figures missing with why'), ...errorResponses(400, 401, 404) },
});
