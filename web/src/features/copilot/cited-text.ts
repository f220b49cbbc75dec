/** A piece of an answer: plain text, or a `[n]` footnote marker. */
type CitedSegment = { text: string } | { cite: number };

/**
 * Splits an answer into paragraphs (one per line) of text and `[n]` markers, so the page can render each
 * marker as a link to its footnote. Markers with no citation behind them stay plain text.
 */
export function splitCitedText(text: string, citationCount: number): CitedSegment[][] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const out: CitedSegment[] = [];
      let last = 0;
      for (const m of line.matchAll(/\[(\d+)\]/g)) {
        const n = Number(m[1]);
        if (n < 1 || n > citationCount) continue;
        if (m.index > last) out.push({ text: line.slice(last, m.index) });
        out.push({ cite: n });
        last = m.index + m[0].length;
      }
      if (last < line.length) out.push({ text: line.slice(last) });
      return out;
    });
}

const TOOL_WORDS: Record<string, string> = {
  get_quote: 'the latest price',
  get_price_stats: 'the price history',
  get_fundamentals: 'the statements',
  get_ratios: 'the ratios',
  get_scores: 'the scores',
  get_technical_rating: 'the technical rating',
  get_dcf: 'the DCF',
  compare_symbols: 'the comparison',
  list_my_analyses: 'your analyses',
  screen: 'the screener',
};

/** "Reading the technical rating for AAPL" — what a tool call is doing, in words. */
export function describeToolCall(tool: string, symbol: string | null): string {
  const what = TOOL_WORDS[tool] ?? tool.replaceAll('_', ' ');
  return symbol ? `${what} for ${symbol}` : what;
}
