import { z } from 'zod';
import { analysisKinds } from '../../../../core/tokens/costs.ts';
import { type CopilotToolCall, type CopilotToolName, type CopilotToolResult, copilotPeriods } from '../../../../core/copilot/copilot-types.ts';
import { compareSymbols } from './compare-symbols.ts';
import { getDcf } from './get-dcf.ts';
import { getFundamentals } from './get-fundamentals.ts';
import { getPriceStats } from './get-price-stats.ts';
import { getQuote } from './get-quote.ts';
import { getRatios } from './get-ratios.ts';
import { getScores } from './get-scores.ts';
import { getTechnicalRating } from './get-technical-rating.ts';
import { getTrend } from './get-trend.ts';
import { getMoveContext } from './get-move-context.ts';
import { getDistribution } from './get-distribution.ts';
import { TREND_LINES } from '../../../../core/copilot/company-facts.ts';
import { listMyAnalyses } from './list-my-analyses.ts';
import { screen } from './screen.ts';
import type { ToolSession } from './tool-session.ts';

export type { CopilotToolDeps, ToolSession } from './tool-session.ts';
export { openToolSession } from './tool-session.ts';

const Symbol_ = z.string().trim().min(1).max(32).describe('Ticker, e.g. AAPL, BRK.B, SPY');

const FieldKey = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/);

type InputOf<K extends CopilotToolName> = Extract<CopilotToolCall, { tool: K }>['input'];

interface ToolSpec<K extends CopilotToolName> {
  description: string;
  input: z.ZodType<InputOf<K>>;
  run(session: ToolSession, input: InputOf<K>): Promise<CopilotToolResult>;
}

/** Every tool: what the model reads about it, its input (checked before it runs) and the service call. */
export const copilotTools: { [K in CopilotToolName]: ToolSpec<K> } = {
  get_quote: {
    description: 'Latest delayed price of a stock or ETF and its change over the last bar.',
    input: z.object({ symbol: Symbol_ }).strict(),
    run: getQuote,
  },
  get_price_stats: {
    description: 'Price change (percent and dollars), start and end closes, high and low over a period: 1w, 1m, 3m, 6m, ytd, 1y, 3y or 5y.',
    input: z.object({ symbol: Symbol_, period: z.enum(copilotPeriods) }).strict(),
    run: getPriceStats,
  },
  get_move_context: {
    description:
      "Around a price move over a period: the stock's sector fund (XLK, XLF…) change over the same period, and dividends gone ex and filings dated in the window. News is not in the data.",
    input: z.object({ symbol: Symbol_, period: z.enum(copilotPeriods) }).strict(),
    run: getMoveContext,
  },
  get_fundamentals: {
    description:
      'Statement figures as of the data day (revenue, net income, free cash flow, cash, debt, equity, EBITDA…) and market cap; for an ETF its costs, size and holdings concentration.',
    input: z.object({ symbol: Symbol_ }).strict(),
    run: getFundamentals,
  },
  get_trend: {
    description:
      'A figure for each of the last 3 or 5 fiscal years plus the year before: revenue, free_cash_flow, net_income, eps_diluted (diluted EPS), operating_margin or net_margin (percent), debt_to_equity, total_debt, dividends_per_share or shares_diluted (the diluted share count); and its CAGR over those years where the ratios compute one (revenue, free cash flow, EPS).',
    input: z
      .object({
        symbol: Symbol_,
        line: z.enum(Object.keys(TREND_LINES) as [keyof typeof TREND_LINES, ...Array<keyof typeof TREND_LINES>]),
        years: z.union([z.literal(3), z.literal(5)]),
      })
      .strict(),
    run: getTrend,
  },
  get_distribution: {
    description:
      'What the market pays: a screener field\'s median and quartiles over all stocks, and over a symbol\'s sector with its own value (or, without a symbol, each sector\'s median), e.g. {"field": "pe_ttm", "symbol": "AAPL"}.',
    input: z.object({ field: FieldKey, symbol: Symbol_.optional() }).strict(),
    run: getDistribution,
  },
  get_ratios: {
    description:
      'Ratios: margins, ROE/ROA/ROIC, growth rates and CAGRs, P/E, P/S, P/B, EV/EBITDA, FCF and dividend yields, payout, current/quick ratio, debt/equity, net debt/EBITDA, interest cover.',
    input: z.object({ symbol: Symbol_ }).strict(),
    run: getRatios,
  },
  get_scores: {
    description:
      'Piotroski F-score, Altman Z and zone, Beneish M-score, Sloan accruals, dividend safety and the letter grades (value, growth, profitability, health, momentum) vs sector peers.',
    input: z.object({ symbol: Symbol_ }).strict(),
    run: getScores,
  },
  get_technical_rating: {
    description:
      'Technical rating (Strong Buy … Strong Sell) with every moving-average and oscillator vote, RSI (14), MACD, SMA 50/200, EMA 20, Bollinger bands, volatility, drawdown, beta, support and resistance.',
    input: z.object({ symbol: Symbol_ }).strict(),
    run: getTechnicalRating,
  },
  get_dcf: {
    description:
      'Two-stage DCF: fair value per share, upside, WACC, growth and terminal growth. Optionally re-run with a chosen WACC, explicit FCF growth or terminal growth (percent, e.g. 9 for 9 %).',
    input: z
      .object({
        symbol: Symbol_,
        wacc_pct: z.number().min(1).max(30).optional(),
        terminal_growth_pct: z.number().min(-2).max(6).optional(),
        growth_pct: z.number().min(-50).max(50).optional(),
      })
      .strict(),
    run: getDcf,
  },
  compare_symbols: {
    description:
      'The same fact keys for 2 to 5 symbols, e.g. keys ["pe_ttm", "net_margin"], ["dividend_yield_ttm"], ["rsi_14"], ["technical_rating"], ["fair_value_per_share", "upside_percent"], ["piotroski_f"].',
    input: z
      .object({
        symbols: z.array(Symbol_).min(2).max(5),
        keys: z
          .array(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/))
          .min(1)
          .max(8),
      })
      .strict(),
    run: compareSymbols,
  },
  list_my_analyses: {
    description: "The signed-in user's own past analyses, newest first, optionally for one symbol or kind, with the facts each headline rests on.",
    input: z
      .object({
        symbol: Symbol_.optional(),
        kind: z.enum(analysisKinds).optional(),
        limit: z.number().int().min(1).max(20).optional(),
      })
      .strict(),
    run: listMyAnalyses,
  },
  screen: {
    description:
      'Screen the universe of stocks and ETFs: filters on screener fields (e.g. {"field": "pe_ttm", "max": 15}, {"field": "sector", "in": ["Energy"]}, {"field": "dividend_yield", "min": 3}), sorted, the top rows (at most 10) with those fields.',
    input: z
      .object({
        filters: z
          .array(
            z
              .object({
                field: FieldKey,
                min: z.number().nullable().optional(),
                max: z.number().nullable().optional(),
                in: z.array(z.string().max(100)).min(1).max(20).optional(),
              })
              .strict(),
          )
          .min(1)
          .max(6),
        sort: z
          .object({ field: FieldKey, dir: z.enum(['asc', 'desc']) })
          .strict()
          .optional(),
        limit: z.number().int().min(1).max(10).optional(),
      })
      .strict(),
    run: screen,
  },
};

export const copilotToolNames = Object.keys(copilotTools) as CopilotToolName[];

/**
 * Runs one tool call for the session's user. Bad input (from a model or the parser) is an `error`
 * result the caller can read, never an exception; a real failure (database, bug) throws.
 */
export async function runCopilotTool(session: ToolSession, call: { tool: string; input: unknown }): Promise<CopilotToolResult> {
  const spec = copilotTools[call.tool as CopilotToolName] as ToolSpec<CopilotToolName> | undefined;
  if (!spec) return { tool: call.tool as CopilotToolName, symbol: null, facts: [], error: { code: 'UNKNOWN_TOOL', message: `There is no tool ${call.tool}.` } };
  const parsed = spec.input.safeParse(call.input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue ? `${issue.path.join('.') || 'input'}: ${issue.message}` : 'invalid input';
    return { tool: call.tool as CopilotToolName, symbol: null, facts: [], error: { code: 'VALIDATION_FAILED', message } };
  }
  return spec.run(session, parsed.data as never);
}
