import type { AnalysisKind, AnalysisNote, Fact } from '../analysis/analysis-types.ts';
import type { TrendLine } from './company-facts.ts';

/*
 * The contract between the copilot feature (server/features/copilot/: tools over our services,
 * conversations, charging, the LLM tool loop), the offline copilot (core/copilot/: intent parser,
 * glossary, answer composition; pure) and the copilot page. Both modes call the same tools and cite
 * the same facts; every number in an answer must be backed by a fact a tool returned.
 */

/** `llm` when AI_BASE_URL/AI_MODEL are configured, else `offline` (the intent parser). Shown in the UI. */
export type CopilotMode = 'llm' | 'offline';

/** Price-history windows the tools understand ("over the last 3 months" → `3m`). */
export const copilotPeriods = ['1w', '1m', '3m', '6m', 'ytd', '1y', '3y', '5y'] as const;
export type CopilotPeriod = (typeof copilotPeriods)[number];

/**
 * The tools, one per service they wrap. Inputs are validated by the server (zod) before a tool runs;
 * `list_my_analyses` always reads the caller's own rows (the user id never comes from the model).
 */
export type CopilotToolCall =
  | { tool: 'get_quote'; input: { symbol: string } }
  | { tool: 'get_price_stats'; input: { symbol: string; period: CopilotPeriod } }
  | { tool: 'get_fundamentals'; input: { symbol: string } }
  /** Around a move: the sector fund's change over the period, dividends gone ex and filings dated in the window. */
  | { tool: 'get_move_context'; input: { symbol: string; period: CopilotPeriod } }
  /** A figure by fiscal year over 3 or 5 years and its CAGR over them where the ratios compute one (TREND_LINES in company-facts.ts). */
  | { tool: 'get_trend'; input: { symbol: string; line: TrendLine; years: 3 | 5 } }
  | { tool: 'get_ratios'; input: { symbol: string } }
  /** A screener field's quartiles over all stocks and a symbol's sector (or every sector's median). */
  | { tool: 'get_distribution'; input: { field: string; symbol?: string } }
  | { tool: 'get_scores'; input: { symbol: string } }
  | { tool: 'get_technical_rating'; input: { symbol: string } }
  | { tool: 'get_dcf'; input: { symbol: string; wacc_pct?: number; terminal_growth_pct?: number; growth_pct?: number } }
  | { tool: 'compare_symbols'; input: { symbols: string[]; keys: string[] } }
  | { tool: 'list_my_analyses'; input: { symbol?: string; kind?: AnalysisKind; limit?: number } }
  /** The screener over the universe: filters on its fields (ids as in core/screener/fields.ts), the top `limit` rows. */
  | {
      tool: 'screen';
      input: {
        filters: Array<{ field: string; min?: number | null; max?: number | null; in?: string[] }>;
        sort?: { field: string; dir: 'asc' | 'desc' };
        limit?: number;
      };
    };

export type CopilotToolName = CopilotToolCall['tool'];

/** A fact as a tool returns it: whose it is and the analysis page that shows it (the footnote's link). */
export interface CopilotFact extends Fact {
  symbol: string | null;
  /** e.g. `/technical/AAPL` for `rsi_14`, `/fundamental-analysis/KO/overview` for `piotroski_f`; null when no page shows it. */
  href: string | null;
}

/** What every tool returns. A tool never throws for a user-level problem: it returns `error`. */
export interface CopilotToolResult {
  tool: CopilotToolName;
  symbol: string | null;
  facts: CopilotFact[];
  /** Non-numeric context the answer may quote (a company name, an analysis id); never a number source. */
  notes?: string[];
  error?: { code: string; message: string };
}

/** A footnote of an answer: `[n]` in the text points at it. */
export interface CopilotCitation {
  n: number;
  symbol: string | null;
  key: string;
  label: string;
  value: number | string;
  unit: Fact['unit'];
  period: string;
  as_of: string;
  href: string | null;
}

/**
 * What a small chart of an answer draws (a trend by fiscal year): each point is a fact the answer cites, so
 * the chart shows no figure the text could not back. Not stored: a reloaded conversation shows the text.
 */
export interface CopilotChart {
  /** The figure drawn, as the catalogue names it ("Free cash flow"). */
  label: string;
  unit: Fact['unit'];
  points: Array<{ period: string; value: number }>;
}

/** An answer before it is stored: its text (with `[n]` markers) and the facts it cites, in marker order. */
export interface CopilotDraft {
  text: string;
  facts: CopilotFact[];
  chart?: CopilotChart;
  /** A summary of a kind the user does not own for the day: the full analysis it was read from, to run. */
  offer?: CopilotOffer;
}

/**
 * The analyses a copilot summary is read from (issue 34): balance sheet, valuation (the DCF analysis), dividends (the
 * fundamental analysis' dividends tab) and technicals. `topic` is how the answer names it ("JPM's balance sheet").
 */
export type SummaryOf =
  | { kind: 'balance-sheet'; subtype: null; topic: 'balance sheet' }
  | { kind: 'dcf'; subtype: null; topic: 'valuation' }
  | { kind: 'fundamental'; subtype: 'dividends'; topic: 'dividends' }
  | { kind: 'technical'; subtype: null; topic: 'technicals' };

/**
 * An analysis as the analyses feature builds a run of it (same inputs, same builder, not stored or charged) for a
 * summary, and whether the user already owns a run of that kind on that symbol for that data day.
 */
export interface AnalysisSummaryRead {
  symbol: string;
  /** The data day the analysis was built for. */
  as_of: string;
  /** The builder's facts, each linking the analysis page. */
  facts: CopilotFact[];
  /** The builder's note (headline, strengths, risks, verdict), whose sentences cite `facts` by key. */
  note: Pick<AnalysisNote, 'headline' | 'strengths' | 'risks' | 'verdict'> | null;
  /** The analysis page of that kind for that symbol. */
  href: string;
  owned: boolean;
  /** Why it could not be built (unknown symbol, a kind that cannot run on it): the answer is then a free refusal. */
  error?: { code: string; message: string };
}

/** What a summary offers when the user does not own the analysis: the page that runs it, and its price from core's costs. */
export interface CopilotOffer {
  kind: AnalysisKind;
  subtype: 'dividends' | null;
  symbol: string;
  /** "Balance Sheet Analysis", as the price list names it. */
  name: string;
  href: string;
  cost_mt: number;
}

/** What a plan asks about besides its symbols (they are in its calls): the conversation's subject keeps it for a follow-up. */
export interface PlanTopic {
  /** The fact keys asked about (a metric's keys, a trend's line and CAGR). */
  keys: string[];
  /** The window asked about (a trend's span as `3y`/`5y`), when the question set one. */
  period: CopilotPeriod | null;
}

/** A symbol the parser may recognise by ticker or by name ("apple's margin" → AAPL). */
export interface SymbolDirectoryEntry {
  symbol: string;
  name: string;
  type: 'stock' | 'etf';
}

/**
 * What the offline copilot makes of a question: tool calls and how to compose their results, a direct
 * answer (a glossary term), or a refusal that says what it can answer, with examples (never charged).
 */
export type OfflinePlan =
  | { kind: 'tools'; intent: string; calls: CopilotToolCall[]; compose(results: CopilotToolResult[]): CopilotDraft; about?: PlanTopic }
  | { kind: 'direct'; intent: string; draft: CopilotDraft }
  /** A summary of an analysis kind for one symbol: the server builds it through the analyses feature and charges by ownership. */
  | { kind: 'summary'; intent: 'kind_summary'; symbol: string; of: SummaryOf; compose(read: AnalysisSummaryRead): CopilotDraft; about: PlanTopic }
  | { kind: 'refusal'; text: string; examples: string[] };
