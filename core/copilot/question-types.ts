import type { SymbolDirectoryEntry } from './copilot-types.ts';

/** A kind of question the offline copilot answers: what the UI lists, the refusal offers and docs/copilot.md documents. */
export interface OfflineQuestionType {
  id:
    | 'price_change'
    | 'move_reason'
    | 'metric'
    | 'trend'
    | 'good_level'
    | 'compare'
    | 'technical_signal'
    | 'score_reason'
    | 'valuation'
    | 'kind_summary'
    | 'balanced_view'
    | 'definition';
  title: string;
  description: string;
  examples: readonly string[];
}

export const offlineQuestionTypes: readonly OfflineQuestionType[] = [
  {
    id: 'price_change',
    title: 'Price and change over a period',
    description:
      'The close at the start and end of a period, the change between them, and the highest and lowest close: 1 week, 1, 3 or 6 months, year to date, 1, 3 or 5 years.',
    examples: ['How did AAPL do over the last 6 months?', 'MSFT performance year to date', 'What is the price of KO?'],
  },
  {
    id: 'move_reason',
    title: 'Why a price moved',
    description:
      'The move over the period against the market’s (SPY) over the same days, and a plain statement that news is not in our data, so the cause is not known here.',
    examples: ['Why did NVDA drop last month?', 'Why did JPM rise this year?'],
  },
  {
    id: 'metric',
    title: 'A named metric for a symbol',
    description:
      'Any figure our analyses compute, by its name or a common nickname: ratios, margins, growth, scores, technical indicators, statement lines, fund costs.',
    examples: ['AAPL P/E', 'RSI of MSFT', 'Piotroski score of KO', "apple's margin"],
  },
  {
    id: 'trend',
    title: 'A figure over the years',
    description:
      'Revenue, free cash flow, net income, diluted EPS, a margin, debt / equity, total debt, dividends per share or the share count in each of the last 3 or 5 fiscal years and the year before, with the CAGR over them where our ratios compute one, and a small chart.',
    examples: ["What's MSFT's free cash flow trend?", 'AAPL revenue over 5 years', 'KO dividends per share'],
  },
  {
    id: 'good_level',
    title: 'What level of a figure is usual',
    description:
      'The median and middle half of a figure over all stocks in the screener, and over a named company’s sector with its own value (or each sector’s median), instead of a rule of thumb.',
    examples: ['What is a good P/E?', 'What is a normal P/E for AAPL?'],
  },
  {
    id: 'compare',
    title: 'Compare symbols on a metric',
    description: 'Two or more symbols side by side on one or more metrics, ranked.',
    examples: ['Compare KO and PEP dividend yield', 'MSFT vs GOOGL net margin'],
  },
  {
    id: 'technical_signal',
    title: 'The technical signal and why',
    description: 'The technical rating with the votes of its moving averages and oscillators, the RSI and where the price stands against its averages.',
    examples: ["What is NVDA's technical signal and why?", 'Is MSFT bullish?'],
  },
  {
    id: 'score_reason',
    title: 'Why a grade or score is what it is',
    description:
      'The inputs that push a sector grade, the Piotroski F-score, Altman Z, Beneish M or the dividend safety score up and down most, each with its share of the score.',
    examples: ["Why is AAPL's profitability grade what it is?", 'Why is the Altman Z of KO where it is?'],
  },
  {
    id: 'valuation',
    title: 'Valuation against our DCF',
    description:
      'Fair value per share against the price, the upside or downside, the discount rate and growth used, and the growth the price implies. You may set the WACC, terminal growth or growth.',
    examples: ['Is AAPL undervalued?', 'MSFT fair value with a WACC of 9%'],
  },
  {
    id: 'kind_summary',
    title: 'A summary of an analysis',
    description:
      'The balance sheet, valuation, dividends or technicals of a company in a few cited sentences, read from that analysis itself: free when you already ran that analysis on the same data day, else a copilot question with a link to run the full analysis.',
    examples: ["Summarize JPM's balance sheet", 'KO dividends overview', 'Technical summary of NVDA'],
  },
  {
    id: 'balanced_view',
    title: 'Should I buy it? A view for and against',
    description: 'No recommendation: the DCF against the price, quality, growth, the technical rating and the balance sheet, each cited, with the disclaimer.',
    examples: ['Should I buy TSLA?', 'Is KO a good investment?'],
  },
  {
    id: 'definition',
    title: 'What a term means',
    description: 'A plain-language definition of a term on our pages with the formula the app uses.',
    examples: ['What is the Altman Z-score?', 'What does EV/EBITDA mean?'],
  },
];

/** Example questions across every kind, for chips and refusals. */
export const offlineExamples: readonly string[] = offlineQuestionTypes.flatMap((t) => t.examples.slice(0, 2));

/** Questions to suggest on a symbol's page ("Ask about AAPL"): the kinds that apply to a stock or to a fund. */
export function suggestQuestions(entry: Pick<SymbolDirectoryEntry, 'symbol' | 'type'>): string[] {
  const s = entry.symbol;
  if (entry.type === 'etf')
    return [`How did ${s} do over the last year?`, `What is ${s}'s expense ratio?`, `What is ${s}'s technical signal and why?`, `What is ${s}'s RSI?`];
  return [
    `How did ${s} do over the last 6 months?`,
    `What is ${s}'s P/E?`,
    `What is ${s}'s technical signal and why?`,
    `Is ${s} undervalued by the DCF?`,
    `What is ${s}'s Piotroski score?`,
  ];
}
