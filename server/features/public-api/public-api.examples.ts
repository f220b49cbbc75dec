/**
 * Examples in the OpenAPI document for every /api/v1 route: real answers of the bundled snapshot (AAPL,
 * data as of 2026-07-02), cut to one or two items per list. A test checks each against its route schema.
 */
import { apiRateLimits } from '../../../core/public-api/limits.ts';

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

const error = (code: string, message: string, extra: { field?: string; details?: unknown } = {}) => ({ error: { code, message, ...extra } });

export const errorExamples: Record<ErrorStatus | 504, unknown> = {
  400: error('VALIDATION_FAILED', 'page_size: at most 100 rows a page; POST /api/screener/export returns every row', { field: 'page_size' }),
  401: error('INVALID_API_KEY', 'This API key is not valid. Check that you sent the whole key, or create a new one in Settings → API keys.'),
  402: error('INSUFFICIENT_TOKENS', 'Not enough tokens for this action.', { details: { cost: 0.8, balance: 0.3 } }),
  403: error('PLAN_REQUIRED', "API keys work on the Pro plan and this key's owner is on Basic. Upgrade to use it again."),
  404: error('UNKNOWN_SYMBOL', 'ZZZZ is not a listed symbol we know.', { field: 'symbol' }),
  409: error('CONFLICT', 'This analysis is still running under the same Idempotency-Key; open it from your history when it is done.', {
    field: 'Idempotency-Key',
  }),
  413: error('PAYLOAD_TOO_LARGE', 'The request body is larger than 4 KB.'),
  415: error('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.'),
  422: error('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another analysis; send a new key for a new request.', { field: 'Idempotency-Key' }),
  429: error('RATE_LIMITED', `This key has made its ${apiRateLimits.read.limit} read requests of this minute. Try again in 12 s.`, {
    details: { retry_after_seconds: 12 },
  }),
  504: error('TIMEOUT', 'This took too long and was stopped. Nothing was charged; please try again.'),
};

const analysis = {
  id: '8f900d6b-9c85-4f4f-9c8f-577df9b27de7',
  symbol: 'AAPL',
  kind: 'technical',
  subtype: null,
  as_of: '2026-07-02',
  created_at: '2026-11-22T22:13:35.179Z',
  cost_tokens: 0.8,
  facts: [
    { key: 'close', label: 'Close', value: 308.63, unit: 'usd_per_share', period: '2026-07-02', source: 'yahoo-daily', as_of: '2026-07-02' },
    { key: 'sma_50', label: 'SMA (50)', value: 293.52, unit: 'usd_per_share', period: '2026-07-02', source: 'computed', as_of: '2026-07-02' },
  ],
  note: {
    headline: {
      text: 'Apple Inc. (AAPL) rates Strong Buy on technicals: moving averages read Strong Buy (14 buy, 0 sell of 15) while oscillators read Buy (4 buy, 0 sell of 11).',
      fact_keys: [
        'technical_rating',
        'ma_rating',
        'oscillator_rating',
        'ma_buy_votes',
        'ma_sell_votes',
        'ma_votes',
        'oscillator_buy_votes',
        'oscillator_sell_votes',
        'oscillator_votes',
      ],
    },
    strengths: [{ text: 'At $308.63 the price is above its 200-day average of $270.69, so the long-term trend is still up.', fact_keys: ['close', 'sma_200'] }],
    risks: [{ text: 'Resistance at $317.40 is just 2.8% above, where rallies have stalled before.', fact_keys: ['resistance_1', 'resistance_1_distance'] }],
    verdict: { text: 'The chart supports the Strong Buy rating: trend and momentum point the same way.', fact_keys: ['technical_rating'] },
    writer: 'rule-based',
  },
  sections: {},
  // Two of the rating's 26 inputs.
  attribution: [
    {
      target: 'technical_rating',
      label: 'Technical rating: Strong Buy',
      score: 0.6485,
      base: 0,
      unit: 'rating',
      decimals: 4,
      verdict: 'Strong Buy',
      contributions: [
        {
          key: 'sma_10',
          label: 'SMA (10)',
          value: 291.544,
          contribution: 0.0334,
          explanation: 'close 308.6, average 291.5 → buy: +1 of 15 moving-average votes = +1/30 of the score (+0.0334)',
        },
        {
          key: 'sma_20',
          label: 'SMA (20)',
          value: 294.8025,
          contribution: 0.0334,
          explanation: 'close 308.6, average 294.8 → buy: +1 of 15 moving-average votes = +1/30 of the score (+0.0334)',
        },
      ],
    },
  ],
};

const { facts: _facts, note: _note, sections: _sections, attribution: _attribution, ...summaryFields } = analysis;

export const v1Examples = {
  quote: {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    currency: 'USD',
    price: 308.63,
    previous_close: 294.38,
    change: 14.25,
    change_percent: 4.84,
    change_period: '1d',
    delayed: true,
    source: 'yahoo-daily',
    as_of: '2026-07-02',
    served_by: 'bundled',
    provider: 'bundled',
  },
  history: {
    symbol: 'AAPL',
    interval: '1d',
    adjustment: 'split',
    bars: [
      { date: '2026-06-02', open: 307.46, high: 315.45, low: 306.69, close: 315.2, volume: 44534700 },
      { date: '2026-06-03', open: 314.18, high: 316.94, low: 308.85, close: 310.26, volume: 50836700 },
    ],
    source: 'yahoo-daily',
    as_of: '2026-07-02',
    served_by: 'bundled',
    provider: 'bundled',
    range: '1m',
  },
  fundamentals: {
    symbol: 'AAPL',
    currency: 'USD',
    annual: {
      periods: [{ end: '2024-09-28', fiscal_year: 2024, label: 'FY2024 (ended 2024-09-28)' }],
      income: [{ key: 'revenue', label: 'Revenue', unit: 'USD', values: [{ value: 391035000000, source: 'sec', as_of: '2024-11-01', as_of_estimated: true }] }],
      balance: [
        {
          key: 'cash',
          label: 'Cash and equivalents',
          unit: 'USD',
          values: [{ value: 29943000000, source: 'sec', as_of: '2024-11-01', as_of_estimated: true }],
        },
      ],
      cash_flow: [
        {
          key: 'operating_cash_flow',
          label: 'Operating cash flow',
          unit: 'USD',
          values: [{ value: 118254000000, source: 'sec', as_of: '2024-11-01', as_of_estimated: true }],
        },
      ],
    },
    quarterly: {
      periods: [{ end: '2024-06-29', fiscal_year: 2024, label: 'Quarter ended 2024-06-29' }],
      income: [{ key: 'revenue', label: 'Revenue', unit: 'USD', values: [{ value: 85777000000, source: 'sec', as_of: '2024-08-02', as_of_estimated: true }] }],
      balance: [{ key: 'cash', label: 'Cash and equivalents', unit: 'USD', values: [{ value: 25565000000, source: 'sec-xbrl', as_of: '2024-08-02' }] }],
      cash_flow: [{ key: 'operating_cash_flow', label: 'Operating cash flow', unit: 'USD', values: [{ value: null, source: null, as_of: null }] }],
    },
    split_adjusted: true,
    notes: ['20 vendor zeros shown as not reported (repaired).'],
    served_by: 'bundled',
    provider: 'bundled',
    as_of: '2024-12-31',
  },
  ratios: {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    values: {
      pe_ttm: 37.36,
      ev_ebitda: 31.87,
      fcf_yield: 2.17,
      revenue_cagr_5y: 8.68,
      net_margin: 26.92,
      roic: 85.44,
      piotroski_f: 8,
      altman_z: 11.82,
      beneish_m: -2.29,
      technical_rating: 'Strong Buy',
      grade_value: 'C',
    },
    data_as_of: '2026-07-02',
  },
  screenerQuery: { filters: [{ field: 'pe_ttm', max: 25 }], sort: { field: 'market_cap', dir: 'desc' }, columns: ['pe_ttm', 'net_margin'], page_size: 1 },
  screenerResult: {
    rows: [{ symbol: 'MSFT', name: 'Microsoft', values: { pe_ttm: 23.24, net_margin: 36.15 }, sparkline: [390.74, 379.4, 372.97, 390.49] }],
    total: 219,
    page: 1,
    page_size: 1,
    sort: { field: 'market_cap', dir: 'desc' },
    columns: ['pe_ttm', 'net_margin'],
    data_as_of: '2026-07-02',
  },
  createAnalysis: { symbol: 'AAPL', kind: 'technical' },
  analysis,
  // The list's summary of the same run: its head, the note's headline and verdict.
  analysisList: {
    analyses: [{ ...summaryFields, headline: analysis.note.headline.text, verdict: analysis.note.verdict.text }],
    next_cursor: null,
    data_day: null,
  },
  balance: { subscribed: true, subscription_tier: 'Pro', subscription_end: '2026-12-22T22:13:28.846Z', tokens: 199.2 },
};
