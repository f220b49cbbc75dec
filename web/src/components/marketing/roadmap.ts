/** The roadmap shown on /coming-soon and, in detail, on each feature preview page. */
export interface RoadmapItem {
  path: string;
  title: string;
  tagline: string;
  summary: string;
  /** Concrete capabilities, each a short sentence. */
  capabilities: Array<{ title: string; detail: string }>;
  /** Which plan it is planned for. */
  plan: string;
  /** Tokens it will cost, or how it is billed. */
  billing: string;
  /** What of it can already be used today, if anything. */
  availableNow?: string;
}

export const roadmap: RoadmapItem[] = [
  {
    path: '/smart-watchlist',
    title: 'Smart Watchlist',
    tagline: 'Watchlists that tell you what changed.',
    summary: 'Group the stocks and ETFs you follow and see, each morning, which of them moved on something that matters — not just on price.',
    capabilities: [
      { title: 'Lists you control', detail: 'Several named watchlists, any of the covered stocks and ETFs, ordered as you like.' },
      { title: 'What changed since you last looked', detail: 'Price move, new 52-week highs or lows, RSI crossing 30 or 70, a new quarterly filing.' },
      {
        title: 'Signals from the same facts',
        detail: 'Technical rating and F-score changes come from the same code as the analyses, so you can open the analysis behind any flag.',
      },
      { title: 'Daily digest', detail: 'An optional e-mail summary; nothing is sent unless you turn it on.' },
    ],
    plan: 'All plans (Free: one list of 10 symbols)',
    billing: 'Watching is free; opening a full analysis costs its usual tokens.',
  },
  {
    path: '/smart-yield',
    title: 'Smart Yield',
    tagline: 'Dividend income, analysed.',
    summary: 'See how much income a stock or ETF has paid, how safely it is covered, and what a portfolio of them would yield.',
    capabilities: [
      { title: 'Dividend history', detail: 'Per-share dividends by year, growth streaks and the 5-year compound growth rate.' },
      { title: 'Coverage', detail: 'Payout ratio on earnings and on free cash flow, so a yield funded by debt stands out.' },
      { title: 'Yield on cost', detail: 'Enter your purchase price and see the yield you actually earn today.' },
      { title: 'Income projection', detail: 'Expected yearly income for a set of holdings, with the assumptions shown.' },
    ],
    plan: 'Basic and Pro',
    billing: 'Planned at 0.8 tokens per yield report.',
  },
  {
    path: '/dcf-stock-valuation',
    title: 'DCF Stock Valuation',
    tagline: 'What the business could be worth, and what the price already assumes.',
    summary:
      'A discounted cash flow model you can open up: every input comes from the filings or from a formula you can see, and you can change each one in the browser.',
    capabilities: [
      { title: 'Two-stage free cash flow model', detail: 'Five to ten years of explicit FCF growth, then a steady state.' },
      {
        title: 'WACC from CAPM',
        detail: 'Cost of equity = risk-free rate + beta × equity risk premium, blended with after-tax cost of debt by market weights.',
      },
      {
        title: 'Gordon terminal value',
        detail: 'TV = FCF × (1 + g) / (r − g), refused when r − g is under 1.5 points, with a warning when TV is over 75% of enterprise value.',
      },
      { title: 'Reverse DCF', detail: 'Solves for the growth rate the current share price implies.' },
      { title: 'Sensitivity grid', detail: 'Fair value per share for WACC × terminal growth, so you see how much the answer depends on two guesses.' },
    ],
    plan: 'All plans',
    billing: '1 token per valuation; re-opening a saved valuation is free.',
    availableNow:
      'Available now: the inputs the model will use (free cash flow, debt, cash and diluted shares) on each covered stock’s Fundamentals tab, with their sources.',
  },
  {
    path: '/advanced-fundamentals',
    title: 'Advanced Fundamentals',
    tagline: 'Ten years of statements, side by side.',
    summary: 'Full income statement, balance sheet and cash flow history from SEC EDGAR, with per-share figures and peer comparison.',
    capabilities: [
      { title: 'Multi-year statements', detail: 'Up to ten fiscal years and the last eight quarters, as reported in 10-K and 10-Q filings.' },
      { title: 'Per-share and margin views', detail: 'Every line per share and as a share of revenue, to spot dilution and margin drift.' },
      { title: 'Quality scores over time', detail: 'Piotroski F-score and Altman Z for each year, not just the latest.' },
      { title: 'Peer comparison', detail: 'Compare growth, margins and returns on capital with companies in the same industry.' },
    ],
    plan: 'Basic and Pro',
    billing: 'Planned at 1.2 tokens per report.',
  },
  {
    path: '/advanced-market-screener',
    title: 'Advanced Market Screener',
    tagline: 'Filter the market on the numbers you care about.',
    summary: 'Screen about 500 S&P 500 companies by 60 metrics — valuation, growth, profitability, balance sheet and technicals — in milliseconds.',
    capabilities: [
      { title: '60 metrics', detail: 'P/E, EV/EBITDA, FCF yield, revenue growth, ROIC, debt to equity, RSI (14), distance from the 200-day average and more.' },
      { title: 'Combine filters', detail: 'Ranges on any metric (for example P/E under 20 and ROIC over 15%), sorted by the column you choose.' },
      { title: 'Saved screens', detail: 'Keep screens and re-run them on fresh data with one click.' },
      { title: 'From screen to analysis', detail: 'Open any result straight into a quick overview or a full analysis.' },
    ],
    plan: 'Pro',
    billing: 'Screening is included in Pro; analyses cost their usual tokens.',
  },
  {
    path: '/api-docs',
    title: 'Public API',
    tagline: 'Stockpilot’s analyses from your own code.',
    summary: 'The same endpoints the app uses, with API keys instead of a browser session, documented at /api-docs.',
    capabilities: [
      { title: 'API keys for Pro', detail: 'Create and revoke keys in Settings; each request is charged to your token balance.' },
      { title: 'One contract', detail: 'JSON in and out, one error shape, an OpenAPI 3.1 document generated from the server’s routes.' },
      { title: 'Facts you can store', detail: 'Every analysis returns its facts with stable keys, units, periods and sources.' },
    ],
    plan: 'Pro',
    billing: 'Same token costs as in the app.',
  },
];

export const getRoadmapItem = (path: string) => roadmap.find((r) => r.path === path);
