import { createRoute, z } from '@hono/zod-openapi';
import { isCalendarDate } from '../../../core/market/point-in-time.ts';
import { HISTORY_RANGES } from '../../../core/market/ranges.ts';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

const SymbolParam = z.object({
  symbol: z.string().openapi({ param: { name: 'symbol', in: 'path' }, example: 'AAPL', description: 'Ticker; BRK-B, brk.b and BRK/B all mean BRK.B' }),
});

const ServedFields = {
  served_by: z.enum(['live', 'cache', 'bundled']).openapi({ description: 'Tier of the fallback chain that answered' }),
  provider: z.string().openapi({ example: 'bundled' }),
  stale: z.boolean().optional().openapi({ description: 'A cached answer past its TTL, served because the live provider failed' }),
};
const SourceFields = {
  source: z.string().openapi({ description: 'Source id (see data/SOURCES.md)', example: 'yahoo-daily' }),
  as_of: z.string().openapi({ example: '2026-07-02' }),
};

const CoverageSchema = z
  .object({
    quote: z.boolean(),
    history: z.enum(['daily', 'monthly']).nullable(),
    fundamentals: z.boolean(),
    etf: z.boolean(),
    dividends: z.boolean(),
  })
  .openapi('MarketCoverage');

const SearchResponseSchema = z
  .object({
    query: z.string(),
    results: z.array(
      z.object({
        symbol: z.string(),
        name: z.string(),
        exchange: z.string().nullable(),
        type: z.enum(['stock', 'etf']),
        coverage: CoverageSchema,
        match: z.enum(['symbol', 'symbol_prefix', 'name', 'fuzzy']),
        analysis: z
          .object({
            analysable: z.boolean().openapi({ description: 'At least one analysis kind that applies to the symbol can run now' }),
            delisted_on: z.string().nullable().openapi({ description: 'Set when the symbol is no longer listed: no analysis runs on it' }),
            unavailable: z
              .array(
                z.object({
                  kind: z.string().openapi({ example: 'technical' }),
                  needs: z.string().openapi({ description: 'The input it lacks (daily, fundamentals, quote, etf, listing)', example: 'daily' }),
                  reason: z.string().openapi({ example: 'Technical analysis needs daily prices' }),
                }),
              )
              .openapi({ description: 'The kinds that apply to the symbol (a company’s, an ETF’s) and cannot run, with what each lacks' }),
          })
          .optional()
          .openapi({ description: 'Whether analyses can run on the symbol: the check a run makes before any charge' }),
      }),
    ),
    data_as_of: z.string(),
  })
  .openapi('MarketSearch');

export const QuoteSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    currency: z.string(),
    price: z.number(),
    previous_close: z.number().nullable(),
    change: z.number().nullable(),
    change_percent: z.number().nullable(),
    change_period: z.enum(['1d', '1mo']),
    delayed: z.literal(true),
    ...SourceFields,
    ...ServedFields,
  })
  .openapi('Quote');

export const HistorySchema = z
  .object({
    symbol: z.string(),
    range: z.enum(HISTORY_RANGES),
    interval: z.enum(['1d', '1mo']),
    adjustment: z.enum(['split', 'split_dividend']).openapi({ description: 'split: raw closes restated for splits; split_dividend: also for dividends' }),
    bars: z.array(z.object({ date: z.string(), open: z.number(), high: z.number(), low: z.number(), close: z.number(), volume: z.number().nullable() })),
    ...SourceFields,
    ...ServedFields,
  })
  .openapi('PriceHistory');

const FigureSchema = z.object({
  value: z.number().nullable().openapi({ description: 'null = not reported (shown as "—")' }),
  source: z.string().nullable(),
  as_of: z.string().nullable().openapi({ description: 'Filing date of the figure (point in time)' }),
  as_of_estimated: z
    .literal(true)
    .optional()
    .openapi({ description: 'The filing date is estimated (period end + SEC deadline, or the period’s first filing)' }),
  note: z
    .string()
    .optional()
    .openapi({ description: 'Why the value was repaired, why it is withheld (value null), or why it is flagged (served as reported)' }),
  earlier: z
    .array(z.object({ value: z.number(), as_of: z.string() }))
    .optional()
    .openapi({
      description:
        'Values a restatement replaced, oldest first, each with the first filing that reported it: a view as of a day before as_of shows the latest of them filed by then',
    }),
});
const LineSchema = z.object({ key: z.string(), label: z.string(), unit: z.enum(['USD', 'USD/share', 'shares']), values: z.array(FigureSchema) });
const StatementSetSchema = z.object({
  periods: z.array(z.object({ end: z.string(), fiscal_year: z.number().int(), label: z.string() })),
  income: z.array(LineSchema),
  balance: z.array(LineSchema),
  cash_flow: z.array(LineSchema),
});
export const FundamentalsSchema = z
  .object({
    symbol: z.string(),
    currency: z.literal('USD'),
    annual: StatementSetSchema,
    quarterly: StatementSetSchema,
    split_adjusted: z.literal(true),
    notes: z.array(z.string()),
    as_of: z
      .string()
      .optional()
      .openapi({ description: 'Present when asked with ?as_of: the statements hold only figures filed on or before this day', example: '2024-12-31' }),
    ...ServedFields,
  })
  .openapi('Fundamentals');

const CompanyProfileSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    type: z.enum(['stock', 'etf']),
    exchange: z.string().nullable(),
    sector: z.string().nullable(),
    industry: z.string().nullable(),
    sic_description: z.string().nullable(),
    cik: z.string().nullable(),
    headquarters: z.string().nullable(),
    founded: z.string().nullable(),
    fiscal_year_end: z.string().nullable().openapi({ description: 'MMDD' }),
    sp500: z.boolean(),
    source: z.string(),
    coverage: CoverageSchema,
    data_as_of: z.string(),
    ...ServedFields,
  })
  .openapi('CompanyProfile');

const EtfSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    holdings: z.array(z.object({ symbol: z.string(), name: z.string(), weight_pct: z.number() })).nullable(),
    holdings_as_of: z.string().nullable(),
    sector_weights: z.array(z.object({ sector: z.string(), weight_pct: z.number() })).nullable(),
    expense_ratio_pct: z.number().nullable(),
    dividend_yield_pct: z.number().nullable(),
    aum_musd: z.number().nullable(),
    overview_as_of: z.string().nullable(),
    sources: z.array(z.string()),
    ...ServedFields,
  })
  .openapi('EtfInfo');

const DividendsSchema = z
  .object({
    symbol: z.string(),
    dividends: z.array(z.object({ ex_date: z.string(), amount: z.number(), pay_date: z.string().nullable(), source: z.string() })),
    records: z.object({ from: z.string(), through: z.string() }).nullable().openapi({
      description: 'The first and last day the dividend records cover (null when the source does not say): no payment in that span means none was made',
    }),
    splits: z.array(z.object({ date: z.string(), ratio: z.number(), source: z.string() })),
    ...ServedFields,
  })
  .openapi('DividendsAndSplits');

export const FundamentalsQuerySchema = z.object({
  as_of: z.string().refine(isCalendarDate, 'must be a date written YYYY-MM-DD').optional().openapi({
    description: 'Point in time: only figures filed on or before this day; periods with none are left out (no look-ahead)',
    example: '2024-12-31',
  }),
});

export const FreshnessSchema = z
  .object({
    today: z.string().openapi({ description: 'Today in New York, the exchange’s calendar day', example: '2026-11-28' }),
    last_trading_day: z.string().openapi({ description: 'The last NYSE trading day whose close has passed', example: '2026-11-27' }),
    as_of: z.string().nullable().openapi({ description: 'Day of the newest daily bar served; null in live mode before the first', example: '2026-07-02' }),
    age_days: z.number().int().nullable().openapi({ description: 'Calendar days from as_of to today', example: 149 }),
    lag_trading_days: z.number().int().nullable().openapi({ description: 'Completed trading days after as_of that the data lacks', example: 103 }),
    stale: z.boolean().openapi({ description: 'The prices trail the last completed trading day by 2 or more trading days' }),
    source: z.enum(['bundled', 'live']),
    notice: z.string().nullable().openapi({ description: 'The sentence every page shows while stale', example: 'Demo data from Jul 2, 2026 — 149 days old.' }),
    reason: z.string().nullable().openapi({ description: 'Why the data is behind, while stale' }),
  })
  .openapi('DataFreshness');
export type DataFreshnessResponse = z.infer<typeof FreshnessSchema>;

export const freshnessRoute = createRoute({
  operationId: 'getDataFreshness',
  security: anyone,
  method: 'get',
  path: '/api/market/freshness',
  tags: ['market'],
  summary: 'How current the prices are: their day, the last completed trading day, the age, and the notice pages show while stale',
  responses: { 200: jsonContent(FreshnessSchema, 'Freshness of the served prices') },
});

const symbolErrors = errorResponses(400, 401, 404);
const tags = ['market'];

export const searchRoute = createRoute({
  operationId: 'searchSymbols',
  security: signedIn,
  method: 'get',
  path: '/api/market/search',
  tags,
  summary: 'Search every listed symbol: exact symbol, prefix, then typo-tolerant name matches; covered symbols first',
  request: {
    query: z.object({
      q: z.string().max(100).openapi({ example: 'apple' }),
      limit: z.coerce.number().int().min(1).max(50).default(10),
    }),
  },
  responses: { 200: jsonContent(SearchResponseSchema, 'Matches, best first'), ...errorResponses(400, 401) },
});

export const quoteRoute = createRoute({
  operationId: 'getQuote',
  security: signedIn,
  method: 'get',
  path: '/api/market/quote/{symbol}',
  tags,
  summary: 'Latest (delayed / snapshot) price and change',
  request: { params: SymbolParam },
  responses: { 200: jsonContent(QuoteSchema, 'Quote'), ...symbolErrors },
});

export const historyRoute = createRoute({
  operationId: 'getPriceHistory',
  security: signedIn,
  method: 'get',
  path: '/api/market/history/{symbol}',
  tags,
  summary: 'Daily OHLCV (or month-end closes where only those exist) for a range',
  request: {
    params: SymbolParam,
    // An unknown range is the handler's INVALID_RANGE (not zod's VALIDATION_FAILED); the document states the enum.
    query: z.object({
      range: z
        .string()
        .optional()
        .openapi({ enum: [...HISTORY_RANGES], default: '1y', example: '1y' }),
    }),
  },
  responses: { 200: jsonContent(HistorySchema, 'Bars, oldest first'), ...symbolErrors },
});

export const fundamentalsRoute = createRoute({
  operationId: 'getFundamentals',
  security: signedIn,
  method: 'get',
  path: '/api/market/fundamentals/{symbol}',
  tags,
  summary: 'Annual and quarterly income statement, balance sheet and cash flow; every figure with source and as-of',
  request: {
    params: SymbolParam,
    query: FundamentalsQuerySchema,
  },
  responses: { 200: jsonContent(FundamentalsSchema, 'Statements'), ...symbolErrors },
});

export const profileRoute = createRoute({
  operationId: 'getCompanyProfile',
  security: signedIn,
  method: 'get',
  path: '/api/market/profile/{symbol}',
  tags,
  summary: 'Name, type, exchange, sector, industry, CIK and what can be analysed',
  request: { params: SymbolParam },
  responses: { 200: jsonContent(CompanyProfileSchema, 'Profile'), ...symbolErrors },
});

export const etfRoute = createRoute({
  operationId: 'getEtfInfo',
  security: signedIn,
  method: 'get',
  path: '/api/market/etf/{symbol}',
  tags,
  summary: 'ETF holdings with weights, sector weights, expense ratio and yield where known',
  request: { params: SymbolParam },
  responses: { 200: jsonContent(EtfSchema, 'ETF information'), ...symbolErrors },
});

export const dividendsRoute = createRoute({
  operationId: 'getDividends',
  security: signedIn,
  method: 'get',
  path: '/api/market/dividends/{symbol}',
  tags,
  summary: 'Dividend events (split-adjusted amounts) and true splits',
  request: { params: SymbolParam },
  responses: { 200: jsonContent(DividendsSchema, 'Dividends and splits'), ...symbolErrors },
});

// What the web imports (type-only) instead of copying: the bodies these routes answer with.
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type SearchHit = SearchResponse['results'][number];
export type Coverage = z.infer<typeof CoverageSchema>;
export type QuoteResponse = z.infer<typeof QuoteSchema>;
export type HistoryResponse = z.infer<typeof HistorySchema>;
export type FundamentalsResponse = z.infer<typeof FundamentalsSchema>;
export type CompanyProfileResponse = z.infer<typeof CompanyProfileSchema>;
export type EtfResponse = z.infer<typeof EtfSchema>;
