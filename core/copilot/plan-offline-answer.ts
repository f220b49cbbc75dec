import {
  type AskedSpan,
  MARKET_BENCHMARK,
  writeBalancedView,
  writeComparison,
  writeMoveReason,
  writeSnapshot,
  writeDefinition,
  writeMetricAnswer,
  writePriceChange,
  writeQuote,
  writeScoreReasons,
  writeTechnicalSignal,
  writeSpread,
  writeTrend,
  writeValuation,
} from './answer-writer.ts';
import { TREND_LINES, type TrendLine } from './company-facts.ts';
import { findField } from '../screener/fields.ts';
import type {
  CopilotDraft,
  CopilotPeriod,
  CopilotToolCall,
  CopilotToolResult,
  OfflinePlan,
  PlanTopic,
  SummaryOf,
  SymbolDirectoryEntry,
} from './copilot-types.ts';
import { type GlossaryTerm, getTerm, glossary } from './glossary.ts';
import { getMetric, type Metric, metrics } from './metric-catalog.ts';
import { findCalendarPhrase, findPeriod, resolveCalendarPhrase } from './period-phrases.ts';
import { offlineExamples, offlineQuestionTypes, suggestQuestions } from './question-types.ts';
import { findPhrases, hasPhrase, splitPhrase, splitQuestion, type Word } from './question-words.ts';
import { COMMON_WORDS } from './common-words.ts';
import { findSummaryAsked, writeKindSummary } from './kind-summary.ts';
import { extendOverListedSuffixes, findSymbols, isWeakMatch } from './symbol-finder.ts';

/** What a plan reads besides the question: today (ISO, the service's clock), for "last month" and "this year". */
export interface PlanContext {
  today?: string;
}

/** Symbols one question may cover (compare_symbols takes up to 5): a comparison still fits a phone. */
export const MAX_SYMBOLS_PER_QUESTION = 5;
/** Keys compare_symbols takes at once. */
const MAX_COMPARE_KEYS = 8;
/** Metrics compared when a comparison names none. */
const DEFAULT_COMPARISON = ['pe', 'net_margin', 'revenue_growth', 'dividend_yield'];
/** Metrics compared when the question asks which is cheaper (or better value). */
const VALUATION_COMPARISON = ['pe', 'ev_ebitda', 'upside'];
/** Words asking for a summary of a symbol. */
const SNAPSHOT_WORDS = new Set(['tell', 'about', 'overview', 'summary', 'summarise', 'summarize', 'snapshot', 'info', 'information', 'think']);

const metricVocabulary = metrics.flatMap((m) => m.names.map((n) => ({ words: splitPhrase(n), value: m })));
const termVocabulary = glossary.flatMap((t) => [t.name, ...t.aliases].map((n) => ({ words: splitPhrase(n.replace(/\(.*\)/, '')), value: t })));

const CUES = {
  definition: [
    'what is',
    'what s',
    'whats',
    'what are',
    'what does',
    'define',
    'definition',
    'meaning',
    'mean',
    'means',
    'explain',
    'how is',
    'how are',
    'calculated',
    'formula',
  ],
  valuation: [
    'fair value',
    'intrinsic value',
    'undervalued',
    'overvalued',
    'under valued',
    'over valued',
    'fairly valued',
    'dcf',
    'discounted cash flow',
    'worth',
    'valuation',
    'upside',
    'downside',
    'cheap',
    'cheaper',
    'cheapest',
    'expensive',
    'pricier',
    'better value',
  ],
  signal: ['signal', 'signals', 'technical rating', 'rating', 'technicals', 'technical', 'bullish', 'bearish', 'buy', 'sell', 'trend', 'chart'],
  performance: [
    'do',
    'did',
    'doing',
    'done',
    'perform',
    'performed',
    'performing',
    'performance',
    'return',
    'returns',
    'returned',
    'change',
    'changed',
    'move',
    'moved',
    'gain',
    'gained',
    'lose',
    'lost',
    'rise',
    'rose',
    'risen',
    'fall',
    'fell',
    'fallen',
    'drop',
    'dropped',
    'up',
    'down',
  ],
  reason: ['why', 'reason', 'reasons', 'what drives', 'driven by', 'drivers', 'what moved', 'held back', 'holding back', 'because'],
  compare: ['compare', 'comparison', 'vs', 'versus', 'against', 'or', 'better', 'which', 'between'],
  // A decision asked for: answered as a balanced view across the analyses, never as a recommendation.
  decision: ['should i buy', 'should i sell', 'should i invest', 'buy or sell', 'worth buying', 'good investment', 'good buy', 'good stock to buy'],
  // A figure over the years ("free cash flow trend", "revenue history"); a span in years asks the same.
  trend: [
    'trend',
    'trends',
    'trending',
    'history',
    'historical',
    'over the years',
    'over time',
    'each year',
    'by year',
    'year by year',
    'per year',
    'every year',
  ],
  forecast: [
    'predict',
    'prediction',
    'forecast',
    'will',
    'going to',
    'next week',
    'next month',
    'next quarter',
    'next year',
    'future',
    'price target',
    'target price',
  ],
} as const;

/** Inputs a valuation question may set ("with a WACC of 9%", "terminal growth 2%", "growth of 10%"), in percent. */
function findDcfInputs(question: string): { wacc_pct?: number; terminal_growth_pct?: number; growth_pct?: number } {
  const q = question.toLowerCase();
  const read = (re: RegExp) => {
    const m = q.match(re);
    return m ? Number(m[1]) : undefined;
  };
  const out: { wacc_pct?: number; terminal_growth_pct?: number; growth_pct?: number } = {};
  // "a WACC of 9%" or "at 9% WACC"; growth not preceded by "terminal".
  const wacc = read(/(?:wacc|discount rate)[^\d%-]{0,15}(-?\d+(?:\.\d+)?)/) ?? read(/(-?\d+(?:\.\d+)?)\s*%?\s*(?:wacc|discount rate)/);
  const terminal = read(/terminal growth[^\d%-]{0,15}(-?\d+(?:\.\d+)?)/) ?? read(/(-?\d+(?:\.\d+)?)\s*%?\s*terminal growth/);
  const growth =
    read(/(?<!terminal )growth(?: rate)?[^\d%-]{0,15}(-?\d+(?:\.\d+)?)/) ?? read(/(-?\d+(?:\.\d+)?)\s*%?\s*(?:fcf |free cash flow )?growth(?! rate)/);
  if (wacc !== undefined) out.wacc_pct = wacc;
  if (terminal !== undefined) out.terminal_growth_pct = terminal;
  if (growth !== undefined) out.growth_pct = growth;
  return out;
}

const unique = <T>(xs: readonly T[], key: (x: T) => string): T[] => {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = key(x);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/** Drafts for several symbols in one answer: later drafts' [n] markers move past the earlier ones' facts. */
export function joinDrafts(drafts: readonly CopilotDraft[]): CopilotDraft {
  const facts: CopilotDraft['facts'] = [];
  const texts: string[] = [];
  for (const d of drafts) {
    const offset = facts.length;
    texts.push(d.text.replace(/\[(\d+)\]/g, (_, n: string) => `[${Number(n) + offset}]`));
    facts.push(...d.facts);
  }
  return { text: texts.join('\n\n'), facts };
}

const tools = (
  intent: string,
  calls: CopilotToolCall[],
  compose: (results: CopilotToolResult[]) => CopilotDraft,
  about: PlanTopic = { keys: [], period: null },
): OfflinePlan => ({
  kind: 'tools',
  intent,
  calls,
  compose,
  about,
});

/** What the offline copilot answers, as a refusal: the kinds of question, and examples (for the symbol asked about when there was one). */
export function refuse(why: string, symbol?: SymbolDirectoryEntry): OfflinePlan {
  const kinds = offlineQuestionTypes.map((t) => t.title.charAt(0).toLowerCase() + t.title.slice(1)).join('; ');
  return {
    kind: 'refusal',
    text: `${why} The offline copilot answers these kinds of questions from our data: ${kinds}. Try one of the examples.`,
    examples: symbol ? suggestQuestions(symbol) : [...offlineExamples],
  };
}

/**
 * Reads a question and plans its answer: the tool calls to make and how to write their results up, a
 * glossary answer, or a refusal with examples. Pure and synchronous; `directory` is every symbol the
 * parser may recognise by ticker or name (indexed once per array).
 *
 * A `tools` plan whose results hold none of the facts asked for composes a draft with no facts ("I could
 * not get …"): the caller should treat that as unanswered (not charged). A `direct` plan (a definition)
 * cites its glossary entry, whose formula backs the constants in the text.
 */
export function planOfflineAnswer(question: string, directory: readonly SymbolDirectoryEntry[], context: PlanContext = {}): OfflinePlan {
  const words = splitQuestion(question);
  if (words.length === 0) return refuse('Ask a question about a stock, a fund or a term.');

  // Metric and term names spelled exactly win over tickers (RSI, ATR and PEG are listed companies too), unless written $RSI.
  const cashtags = new Set(words.filter((w) => w.cashtag).map((w) => w.index));
  // A company named with its listed suffix ("Booking Holdings") keeps the suffix: those words are not a metric.
  const nameSuffixes = new Set(
    findSymbols(words, directory, cashtags, question).flatMap((h) => {
      const whole = extendOverListedSuffixes(h, words);
      return Array.from({ length: whole.to - h.to }, (_, k) => h.to + k);
    }),
  );
  const inName = (m: { from: number; to: number }) => Array.from({ length: m.to - m.from }, (_, k) => m.from + k).some((i) => nameSuffixes.has(i));
  const exactMetrics = findPhrases(words, metricVocabulary, cashtags, { typos: false }).filter((m) => !inName(m));
  const taken = new Set<number>();
  for (const m of exactMetrics) for (let i = m.from; i < m.to; i++) taken.add(i);
  const exactTerms = findPhrases(words, termVocabulary, new Set([...taken, ...cashtags]), { typos: false }).filter((t) => !inName(t));
  for (const t of exactTerms) for (let i = t.from; i < t.to; i++) taken.add(i);

  const found_ = findSymbols(words, directory, taken, question).map((h) => extendOverListedSuffixes(h, words));
  const cue = (name: keyof typeof CUES) => hasPhrase(words, CUES[name]);
  const free0 = new Set([...taken, ...found_.flatMap((h) => Array.from({ length: h.to - h.from }, (_, k) => h.from + k))]);
  const period = findPeriod(words);
  // "last month" on 2026-11-28 is October 2026, whatever day the data ends: the answer says both when they differ.
  const calendar = context.today ? findCalendarPhrase(words) : null;
  const askedSpan: AskedSpan | undefined =
    calendar && context.today ? { span: resolveCalendarPhrase(calendar, context.today), today: context.today } : undefined;
  // A weak match ("tip", "gold", a typo) stands for a symbol only when the question also asks something it reads.
  const asksSomething =
    exactMetrics.length > 0 ||
    findPhrases(words, metricVocabulary, free0, { exactWords: COMMON_WORDS }).length > 0 ||
    period !== null ||
    cue('performance') ||
    cue('valuation') ||
    cue('signal') ||
    cue('compare');
  const snapshotAsked = words.some((w) => SNAPSHOT_WORDS.has(w.text));
  const hits = asksSomething ? found_ : found_.filter((h) => !isWeakMatch(h.how) || (snapshotAsked && h.how === 'lowercase'));
  const symbolWords = new Set(hits.flatMap((h) => Array.from({ length: h.to - h.from }, (_, k) => h.from + k)));
  const entries = unique(
    hits.map((h) => h.entry),
    (e) => e.symbol,
  ).slice(0, MAX_SYMBOLS_PER_QUESTION);

  const free = new Set([...taken, ...symbolWords]);
  const typoMetrics = findPhrases(words, metricVocabulary, free, { exactWords: COMMON_WORDS });
  const found = [...exactMetrics, ...typoMetrics].sort((a, b) => a.from - b.from);
  const dcfInputs = findDcfInputs(question);

  let asked = unique(
    found.map((m) => m.value),
    (m) => m.id,
  );
  // "with a WACC of 9%" sets an input; it is not a question about the WACC.
  const setByQuestion = new Set([
    ...(dcfInputs.wacc_pct !== undefined ? ['wacc'] : []),
    ...(dcfInputs.growth_pct !== undefined ? ['revenue_growth', 'fcf_growth'] : []),
    ...(dcfInputs.terminal_growth_pct !== undefined ? ['terminal_growth'] : []),
  ]);
  asked = asked.filter((m) => !setByQuestion.has(m.id));

  // "What is a good P/E?": what the market and the sector pay (the screener's spread), not a rule of thumb.
  const levelAsked = found.find((m) => LEVEL_WORDS.has(words[m.from - 1]?.text ?? '') && spreadFieldOf(m.value));
  if (levelAsked && entries.length <= 1 && entries[0]?.type !== 'etf') return planSpread(spreadFieldOf(levelAsked.value)!, entries[0]);

  if (entries.length === 0) {
    const term = findTerm(words, symbolWords, asked);
    if (term) return { kind: 'direct', intent: 'definition', draft: writeDefinition(term) };
    if (asked.length > 0 || cue('valuation') || cue('signal') || period)
      return refuse('Which symbol? Name a ticker or a company (for example AAPL or "apple") and I can look it up.');
    return refuse('I cannot answer that offline.');
  }

  // "Summarize JPM's balance sheet", "KO dividends overview": that analysis' own summary, not the snapshot.
  const summaryAsked = findSummaryAsked(words);
  if (summaryAsked) {
    const about = hits.filter((h) => !Array.from({ length: h.to - h.from }, (_, k) => words[h.from + k]!.index).some((i) => summaryAsked.words.includes(i)));
    const subjects = unique(
      about.map((h) => h.entry),
      (e) => e.symbol,
    );
    // A fund's balance sheet is planned too: the analyses feature says why that kind cannot run on it (a free refusal).
    if (subjects.length === 1) return planKindSummary(subjects[0]!, summaryAsked.of);
  }
  if (cue('decision') && entries.length === 1 && entries[0]!.type !== 'etf') return planBalancedView(entries[0]!);
  if (cue('forecast'))
    return refuse(`I do not forecast prices or tell the future; I can tell you how ${entries[0]!.symbol} has done and what our figures say now.`, entries[0]);
  if (cue('reason') && entries.length === 1 && asked.some((m) => REASON_METRICS.has(m.id))) return planScoreReasons(entries[0]!, asked, words);
  // "MSFT's free cash flow trend", "AAPL revenue over 5 years": the line by fiscal year with its CAGR.
  // A figure the tools give by fiscal year only ("AAPL EPS", "KO dividends per share") is answered with its years.
  const trendLine = asked.length === 1 ? (asked[0]!.trend ?? null) : null;
  if (trendLine && entries.length === 1 && entries[0]!.type !== 'etf' && (cue('trend') || period === '3y' || period === '5y' || asked[0]!.trendOnly))
    return planTrend(entries[0]!, trendLine, period === '3y' || period === '1y' ? 3 : 5);
  const performance = (cue('performance') || period !== null) && asked.every((m) => m.id === 'price');
  // "Why did NVDA drop last month?": the move against the market, and that the cause (news) is not in the data.
  if (performance && cue('reason') && entries.length === 1) return planMoveReason(entries[0]!, period ?? '1m', askedSpan);
  if (performance) return planPriceChange(entries, period ?? '1y', askedSpan);
  if (cue('valuation') && entries.length === 1 && asked.every((m) => m.tool === 'get_dcf' || m.id === 'price')) return planValuation(entries, dcfInputs);
  if (asked.length === 0 && cue('signal')) return planTechnicalSignal(entries);
  if (asked.length === 1 && asked[0]!.id === 'price') return planQuote(entries);
  if (asked.length > 0) return entries.length > 1 ? planComparison(entries, asked) : planMetric(entries[0]!, asked);
  if (entries.length > 1)
    return planComparison(
      entries,
      (cue('valuation') ? VALUATION_COMPARISON : DEFAULT_COMPARISON).map((id) => getMetric(id)!),
    );
  // "AAPL?", "tell me about apple", "what about MSFT": a snapshot; a word it does not know means another question.
  const unknownWords = words.filter((w) => !symbolWords.has(w.index) && !COMMON_WORDS.has(w.text) && !SNAPSHOT_WORDS.has(w.text));
  if (unknownWords.length === 0) return planSnapshot(entries[0]!);
  return refuse(`I found ${entries.map((e) => e.symbol).join(', ')} in your question but not what you want to know.`, entries[0]);
}

/** Scores whose attribution the scores tool returns: "why" about them is answered from their contributions. */
const REASON_METRICS = new Set(['grades', 'piotroski', 'altman', 'beneish', 'dividend_safety']);
/** Words naming one grade ("profitability" also names the net margin metric: in a "why" about grades it names the grade). */
const GRADE_WORDS: Record<string, string> = {
  value: 'grade_value',
  valuation: 'grade_value',
  growth: 'grade_growth',
  profitability: 'grade_profitability',
  health: 'grade_health',
  momentum: 'grade_momentum',
};

function planScoreReasons(entry: SymbolDirectoryEntry, asked: readonly Metric[], words: readonly Word[]): OfflinePlan {
  const named = unique(
    words.map((w) => GRADE_WORDS[w.text]).filter((k): k is string => k !== undefined),
    (k) => k,
  );
  const keys = asked.filter((m) => REASON_METRICS.has(m.id)).flatMap((m) => (m.id === 'grades' ? (named.length > 0 ? named : m.keys) : [m.keys[0]!]));
  return tools('score_reason', [{ tool: 'get_scores', input: { symbol: entry.symbol } }], (results) => writeScoreReasons(entry, keys, results), {
    keys,
    period: null,
  });
}

function planKindSummary(entry: SymbolDirectoryEntry, of: SummaryOf): OfflinePlan {
  return {
    kind: 'summary',
    intent: 'kind_summary',
    symbol: entry.symbol,
    of,
    compose: (read) => writeKindSummary(entry, of, read),
    about: { keys: [], period: null },
  };
}

function planSnapshot(entry: SymbolDirectoryEntry): OfflinePlan {
  const s = entry.symbol;
  return tools(
    'snapshot',
    [
      { tool: 'get_quote', input: { symbol: s } },
      { tool: 'get_technical_rating', input: { symbol: s } },
      entry.type === 'etf' ? { tool: 'get_fundamentals', input: { symbol: s } } : { tool: 'get_ratios', input: { symbol: s } },
    ],
    (results) => writeSnapshot(entry, results),
  );
}

/** The glossary term a question asks about: by its own name, or through a metric named. */
function findTerm(words: readonly Word[], skip: ReadonlySet<number>, asked: readonly Metric[]): GlossaryTerm | null {
  const direct = findPhrases(words, termVocabulary, skip, { exactWords: COMMON_WORDS });
  if (direct.length > 0) return direct.sort((a, b) => b.to - b.from - (a.to - a.from) || a.typos - b.typos)[0]!.value;
  for (const m of asked) if (m.term) return getTerm(m.term) ?? null;
  return null;
}

function planPriceChange(entries: readonly SymbolDirectoryEntry[], period: CopilotPeriod, asked?: AskedSpan): OfflinePlan {
  return tools(
    'price_change',
    entries.map((e) => ({ tool: 'get_price_stats', input: { symbol: e.symbol, period } })),
    // The span is said once, in the first symbol's answer.
    (results) => joinDrafts(entries.map((e, i) => writePriceChange(e, period, results, i === 0 ? asked : undefined))),
    { keys: ['price_change_percent'], period },
  );
}

function planMoveReason(entry: SymbolDirectoryEntry, period: CopilotPeriod, asked?: AskedSpan): OfflinePlan {
  const calls: CopilotToolCall[] = [{ tool: 'get_price_stats', input: { symbol: entry.symbol, period } }];
  if (entry.symbol !== MARKET_BENCHMARK) calls.push({ tool: 'get_price_stats', input: { symbol: MARKET_BENCHMARK, period } });
  // A stock's sector fund and the dividends and filings in the window (a fund has no sector or filings of its own).
  if (entry.type !== 'etf') calls.push({ tool: 'get_move_context', input: { symbol: entry.symbol, period } });
  return tools('move_reason', calls, (results) => writeMoveReason(entry, period, results, asked), { keys: ['price_change_percent'], period });
}

function planBalancedView(entry: SymbolDirectoryEntry): OfflinePlan {
  const s = entry.symbol;
  return tools(
    'balanced_view',
    [
      { tool: 'get_dcf', input: { symbol: s } },
      { tool: 'get_ratios', input: { symbol: s } },
      { tool: 'get_scores', input: { symbol: s } },
      { tool: 'get_technical_rating', input: { symbol: s } },
    ],
    (results) => writeBalancedView(entry, results),
  );
}

function planTrend(entry: SymbolDirectoryEntry, line: TrendLine, years: 3 | 5): OfflinePlan {
  const cagrKey = (TREND_LINES[line] as { 3?: string; 5?: string })[years];
  return tools('trend', [{ tool: 'get_trend', input: { symbol: entry.symbol, line, years } }], (results) => writeTrend(entry, line, years, cagrKey, results), {
    keys: cagrKey ? [line, cagrKey] : [line],
    period: `${years}y`,
  });
}

/** Words asking what level of a figure is good or usual, right before the figure ("a good P/E", "a normal margin"). */
const LEVEL_WORDS = new Set(['good', 'normal', 'typical', 'usual', 'reasonable', 'healthy', 'decent']);

/** The screener field that holds a metric, if any (the spread is the screener's). */
const spreadFieldOf = (m: Metric): string | undefined => m.keys.find((k) => findField(k)?.kind === 'range');

function planSpread(field: string, entry: SymbolDirectoryEntry | undefined): OfflinePlan {
  return tools(
    'good_level',
    [{ tool: 'get_distribution', input: { field, ...(entry ? { symbol: entry.symbol } : {}) } }],
    (results) => writeSpread(field, entry, results),
    { keys: [field], period: null },
  );
}

function planQuote(entries: readonly SymbolDirectoryEntry[]): OfflinePlan {
  return tools(
    'quote',
    entries.map((e) => ({ tool: 'get_quote', input: { symbol: e.symbol } })),
    (results) => joinDrafts(entries.map((e) => writeQuote(e, results))),
  );
}

function planValuation(entries: readonly SymbolDirectoryEntry[], inputs: ReturnType<typeof findDcfInputs>): OfflinePlan {
  return tools(
    'valuation',
    entries.map((e) => ({ tool: 'get_dcf', input: { symbol: e.symbol, ...inputs } })),
    (results) => joinDrafts(entries.map((e) => writeValuation(e, results))),
  );
}

function planTechnicalSignal(entries: readonly SymbolDirectoryEntry[]): OfflinePlan {
  return tools(
    'technical_signal',
    entries.map((e) => ({ tool: 'get_technical_rating', input: { symbol: e.symbol } })),
    (results) => joinDrafts(entries.map((e) => writeTechnicalSignal(e, results))),
  );
}

/** A fund's figures (yield, costs, holdings) come from its ETF analysis, which the fundamentals tool returns for an ETF. */
const toolFor = (m: Metric, entry: SymbolDirectoryEntry) =>
  entry.type === 'etf' && (m.tool === 'get_ratios' || m.tool === 'get_scores') ? 'get_fundamentals' : m.tool;

function planMetric(entry: SymbolDirectoryEntry, asked: readonly Metric[]): OfflinePlan {
  const tools_ = unique(
    asked.map((m) => toolFor(m, entry)),
    (t) => t,
  );
  return tools(
    'metric',
    tools_.map((tool) => ({ tool, input: { symbol: entry.symbol } }) as CopilotToolCall),
    (results) => writeMetricAnswer(entry, asked, results),
    { keys: asked.flatMap((m) => m.keys), period: null },
  );
}

/** Compared through compare_symbols, except DCF figures, which need a DCF run per symbol. */
function planComparison(entries: readonly SymbolDirectoryEntry[], asked: readonly Metric[]): OfflinePlan {
  const symbols = entries.map((e) => e.symbol);
  const keys = unique(
    asked.filter((m) => m.tool !== 'get_dcf').flatMap((m) => m.keys),
    (k) => k,
  ).slice(0, MAX_COMPARE_KEYS);
  const calls: CopilotToolCall[] = keys.length > 0 ? [{ tool: 'compare_symbols', input: { symbols, keys } }] : [];
  if (asked.some((m) => m.tool === 'get_dcf')) for (const s of symbols) calls.push({ tool: 'get_dcf', input: { symbol: s } });
  return tools('compare', calls, (results) => writeComparison(entries, asked, results), { keys: asked.flatMap((m) => m.keys), period: null });
}
