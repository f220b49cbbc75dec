import { describe, expect, it } from 'vitest';
import type { CopilotToolCall, OfflinePlan, SymbolDirectoryEntry } from './copilot-types.ts';
import { planOfflineAnswer } from './plan-offline-answer.ts';
import { offlineExamples } from './question-types.ts';

/*
 * How questions are read, on a small directory shaped like the listings (names as filed, share classes,
 * a REIT sharing Apple's first word, tickers that are English words). Each case names the tool calls the
 * question must become, so a misread symbol, metric or period fails.
 */

const directory: SymbolDirectoryEntry[] = [
  { symbol: 'AAPL', name: 'Apple Inc.', type: 'stock' },
  { symbol: 'APLE', name: 'Apple Hospitality REIT, Inc.', type: 'stock' },
  { symbol: 'MSFT', name: 'Microsoft Corporation', type: 'stock' },
  { symbol: 'GOOGL', name: 'Alphabet Inc. Class A', type: 'stock' },
  { symbol: 'GOOG', name: 'Alphabet Inc. Class C', type: 'stock' },
  { symbol: 'META', name: 'Meta Platforms, Inc.', type: 'stock' },
  { symbol: 'KO', name: 'Coca-Cola Company (The)', type: 'stock' },
  { symbol: 'PEP', name: 'PepsiCo, Inc.', type: 'stock' },
  { symbol: 'XOM', name: 'Exxon Mobil Corporation', type: 'stock' },
  { symbol: 'HD', name: 'Home Depot, Inc. (The)', type: 'stock' },
  { symbol: 'BRK.B', name: 'Berkshire Hathaway Inc. Class B', type: 'stock' },
  { symbol: 'NVDA', name: 'NVIDIA Corporation', type: 'stock' },
  { symbol: 'TGT', name: 'Target Corporation', type: 'stock' },
  { symbol: 'ALL', name: 'Allstate Corporation (The)', type: 'stock' },
  { symbol: 'NOW', name: 'ServiceNow, Inc.', type: 'stock' },
  { symbol: 'IT', name: 'Gartner, Inc.', type: 'stock' },
  { symbol: 'RSI', name: 'Rush Street Interactive, Inc.', type: 'stock' },
  { symbol: 'A', name: 'Agilent Technologies, Inc.', type: 'stock' },
  { symbol: 'SPY', name: 'SPDR S&P 500 ETF Trust', type: 'etf' },
  { symbol: 'TIP', name: 'iShares TIPS Bond ETF', type: 'etf' },
  { symbol: 'LOVE', name: 'Lovesac Company (The)', type: 'stock' },
  { symbol: 'COST', name: 'Costco Wholesale Corporation', type: 'stock' },
  { symbol: 'GROY', name: 'Gold Royalty Corp.', type: 'stock' },
  { symbol: 'FNV', name: 'Franco-Nevada Corporation', type: 'stock' },
  { symbol: 'BKNG', name: 'Booking Holdings Inc.', type: 'stock' },
];

const callsOf = (plan: OfflinePlan): CopilotToolCall[] => (plan.kind === 'tools' ? plan.calls : []);
const plan = (q: string) => planOfflineAnswer(q, directory);

describe('symbols by ticker, name, nickname and typo', () => {
  it.each([
    ["What is AAPL's RSI?", 'AAPL', 'get_technical_rating'],
    ['RSI of MSFT', 'MSFT', 'get_technical_rating'],
    ["apple's margin", 'AAPL', 'get_ratios'],
    ['Apple’s P/E', 'AAPL', 'get_ratios'],
    ['$aapl p/e', 'AAPL', 'get_ratios'],
    ['msft roe', 'MSFT', 'get_ratios'],
    ['microsfot p/e', 'MSFT', 'get_ratios'],
    ['nvidai rsi', 'NVDA', 'get_technical_rating'],
    ['alphabet net margin', 'GOOGL', 'get_ratios'],
    ['google net margin', 'GOOGL', 'get_ratios'],
    ['facebook roe', 'META', 'get_ratios'],
    ["coca-cola's dividend yield", 'KO', 'get_ratios'],
    ['coke dividend yield', 'KO', 'get_ratios'],
    ['exxon debt to equity', 'XOM', 'get_ratios'],
    ['home depot current ratio', 'HD', 'get_ratios'],
    ['BRK-B price to book', 'BRK.B', 'get_ratios'],
    ['berkshire price to book', 'BRK.B', 'get_ratios'],
    ['Piotroski score of KO', 'KO', 'get_scores'],
    ['piotrosky score of KO', 'KO', 'get_scores'],
    ['altmann z of exxon', 'XOM', 'get_scores'],
    ['What is the RSI of $RSI?', 'RSI', 'get_technical_rating'],
    ["What's A's P/E?", 'A', 'get_ratios'],
    ['Is NOW bullish?', 'NOW', 'get_technical_rating'],
    ['What is the P/E of Booking Holdings?', 'BKNG', 'get_ratios'],
    ['booking holdings rsi', 'BKNG', 'get_technical_rating'],
  ])('%s → %s via %s', (q, symbol, tool) => {
    const calls = callsOf(plan(q));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.tool).toBe(tool);
    expect(calls[0]!.input).toMatchObject({ symbol });
  });

  it('"Booking Holdings" is the company (its listed name, suffix included), not a question about an ETF\'s holdings; "SPY holdings" still is', () => {
    expect(plan('Booking Holdings')).toMatchObject({ kind: 'tools', intent: 'snapshot' });
    expect(callsOf(plan('Booking Holdings')).map((c) => c.tool)).not.toContain('get_fundamentals');
    expect(callsOf(plan('SPY holdings'))).toEqual([{ tool: 'get_fundamentals', input: { symbol: 'SPY' } }]);
  });

  it('an ordinary word that is a ticker or a name is read as the word (all, now, it, target, a)', () => {
    const p = plan('what is the target price of it now, all in all a good stock?');
    expect(p.kind).toBe('refusal');
  });

  it('a weak match (a lower-case ticker that is a word, a first word, a typo) counts only when the question asks something', () => {
    for (const q of ['give me a stock tip', 'what is love', 'How much does a question cost?', 'Is gold a good hedge?', 'what is the capital of France'])
      expect(plan(q).kind, q).toBe('refusal');
    expect(callsOf(plan('cost p/e'))).toEqual([{ tool: 'get_ratios', input: { symbol: 'COST' } }]);
    expect(callsOf(plan('gold rsi'))).toEqual([{ tool: 'get_technical_rating', input: { symbol: 'GROY' } }]);
  });

  it('a forecast is refused: it reports what happened and what the figures say now', () => {
    for (const q of ['predict AAPL price next month', 'What will AAPL do?', "what's the price target for apple"]) {
      const p = plan(q);
      expect(p.kind, q).toBe('refusal');
      if (p.kind === 'refusal') expect(p.text).toContain('I do not forecast prices');
    }
  });

  it('a question typed in capitals still finds its ticker and not the capitalised words', () => {
    expect(callsOf(plan('WHAT IS THE PRICE OF AAPL'))).toEqual([{ tool: 'get_quote', input: { symbol: 'AAPL' } }]);
  });
});

describe('periods, comparisons and the DCF inputs', () => {
  it.each([
    ['How did AAPL do over the last 6 months?', '6m'],
    ['How did AAPL do over the past six months?', '6m'],
    ['AAPL performance year to date', 'ytd'],
    ['how has apple done this year', 'ytd'],
    ['AAPL return over 3 years', '3y'],
    ['AAPL change last week', '1w'],
    ['How did AAPL do last quarter?', '3m'],
    ['AAPL over 2 years', '3y'],
    ['How did AAPL do?', '1y'],
  ])('%s → get_price_stats %s', (q, period) => {
    expect(callsOf(plan(q))).toEqual([{ tool: 'get_price_stats', input: { symbol: 'AAPL', period } }]);
  });

  it('two or more symbols on a metric become one compare_symbols call with the metric keys', () => {
    expect(callsOf(plan('compare KO and PEP dividend yield'))).toEqual([
      { tool: 'compare_symbols', input: { symbols: ['KO', 'PEP'], keys: ['dividend_yield', 'dividend_yield_ttm', 'distribution_yield'] } },
    ]);
    expect(callsOf(plan('MSFT vs GOOGL vs AAPL net margin'))).toEqual([
      { tool: 'compare_symbols', input: { symbols: ['MSFT', 'GOOGL', 'AAPL'], keys: ['net_margin'] } },
    ]);
  });

  it('a comparison without a metric compares P/E, net margin, revenue growth and dividend yield', () => {
    const [call] = callsOf(plan('compare msft and apple'));
    expect(call).toMatchObject({ tool: 'compare_symbols', input: { symbols: ['MSFT', 'AAPL'] } });
    expect(call!.tool === 'compare_symbols' && call!.input.keys).toEqual(
      expect.arrayContaining(['pe_ttm', 'net_margin', 'revenue_growth_1y', 'dividend_yield']),
    );
  });

  it('valuation questions call get_dcf, with the WACC, terminal growth or growth the question sets', () => {
    expect(callsOf(plan('Is AAPL undervalued?'))).toEqual([{ tool: 'get_dcf', input: { symbol: 'AAPL' } }]);
    expect(callsOf(plan('MSFT fair value with a WACC of 9%'))).toEqual([{ tool: 'get_dcf', input: { symbol: 'MSFT', wacc_pct: 9 } }]);
    expect(callsOf(plan('AAPL intrinsic value at 8.5% discount rate and terminal growth of 2%'))).toEqual([
      { tool: 'get_dcf', input: { symbol: 'AAPL', wacc_pct: 8.5, terminal_growth_pct: 2 } },
    ]);
  });

  it('"which is cheaper" compares P/E and EV/EBITDA and runs a DCF per symbol for the upside', () => {
    expect(callsOf(plan('Which is cheaper, KO or PEP?'))).toEqual([
      { tool: 'compare_symbols', input: { symbols: ['KO', 'PEP'], keys: ['pe_ttm', 'ev_ebitda'] } },
      { tool: 'get_dcf', input: { symbol: 'KO' } },
      { tool: 'get_dcf', input: { symbol: 'PEP' } },
    ]);
  });

  it("a fund's yield and costs come from the fundamentals tool (its ETF analysis), not the company ratios", () => {
    expect(callsOf(plan('SPY dividend yield'))).toEqual([{ tool: 'get_fundamentals', input: { symbol: 'SPY' } }]);
    expect(callsOf(plan('what is the expense ratio of SPY'))).toEqual([{ tool: 'get_fundamentals', input: { symbol: 'SPY' } }]);
  });

  it('"the market" and "the stock market" are SPY', () => {
    expect(callsOf(plan('how did the stock market do this year'))).toEqual([{ tool: 'get_price_stats', input: { symbol: 'SPY', period: 'ytd' } }]);
  });

  it('a symbol alone or "tell me about" gets a snapshot: quote, rating and key figures; an unknown word is refused', () => {
    for (const q of ['AAPL?', 'tell me about apple', 'What is AAPL?'])
      expect(
        callsOf(plan(q)).map((c) => c.tool),
        q,
      ).toEqual(['get_quote', 'get_technical_rating', 'get_ratios']);
    expect(callsOf(plan('SPY')).map((c) => c.tool)).toEqual(['get_quote', 'get_technical_rating', 'get_fundamentals']);
    expect(plan('AAPL weather').kind).toBe('refusal');
  });

  it('"signal", "bullish", "a buy" ask for the technical rating', () => {
    for (const q of ["What is NVDA's technical signal and why?", 'Is MSFT bullish?', 'is AAPL a buy?'])
      expect(callsOf(plan(q))[0]?.tool, q).toBe('get_technical_rating');
  });
});

describe('definitions and refusals', () => {
  it('"what is X" without a symbol answers from the glossary, nothing to call', () => {
    for (const [q, name] of [
      ['What is the Altman Z-score?', 'Altman Z-score'],
      ['What does EV/EBITDA mean?', 'EV/EBITDA'],
      ['what is RSI', 'RSI (Relative Strength Index)'],
      ['define wacc', 'WACC (weighted average cost of capital)'],
      ['explain the piotrosky score', 'Piotroski F-score'],
    ]) {
      const p = plan(q!);
      expect(p.kind, q).toBe('direct');
      if (p.kind === 'direct') expect(p.draft.text.startsWith(`${name}:`), q).toBe(true);
    }
  });

  it('an unknown question is refused, saying what the copilot answers, with examples', () => {
    const p = plan("What's the weather in Paris?");
    expect(p).toMatchObject({ kind: 'refusal' });
    if (p.kind !== 'refusal') return;
    expect(p.text).toContain('price and change over a period');
    expect(p.text).toContain('what a term means');
    expect(p.examples).toEqual(offlineExamples);
    expect(p.examples.length).toBeGreaterThanOrEqual(6);
  });

  it('a metric without a symbol asks which symbol; a symbol with a question it cannot read offers questions about it', () => {
    const noSymbol = plan('how did it do over the last 6 months?');
    expect(noSymbol.kind === 'refusal' && noSymbol.text).toContain('Which symbol?');
    const unreadable = plan('AAPL weather forecast');
    expect(unreadable.kind).toBe('refusal');
    if (unreadable.kind === 'refusal') expect(unreadable.examples.every((e) => e.includes('AAPL'))).toBe(true);
  });

  it('an empty question is refused', () => {
    expect(plan('   ?! ').kind).toBe('refusal');
  });
});
