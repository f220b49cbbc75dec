import { apiRateLimits } from '../../../../core/public-api/limits.ts';
import { describeWatchlistLimit, watchlistLimits } from '../../../../core/watchlist/limits.ts';

/** The roadmap shown on /coming-soon and, in detail, on each feature preview page. */
interface RoadmapItem {
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
  /** Built: the page is the tool itself (signed in) with a live example (signed out), not a preview. */
  live?: true;
}

export const roadmap: RoadmapItem[] = [
  {
    path: '/smart-watchlist',
    title: 'Smart Watchlist',
    tagline: 'Watchlists that tell you what changed.',
    summary:
      'Group the stocks and ETFs you follow with their price, technical rating, DCF fair value and grades, and set alerts that fire once when a line is crossed.',
    capabilities: [
      {
        title: 'Lists you control',
        detail: 'Named watchlists of covered stocks and ETFs, each row with price, change, a sparkline, rating, RSI, fair value and grades.',
      },
      {
        title: 'Alerts that fire once per crossing',
        detail: 'Price above or below, a day’s move, RSI crossing 30 or 70, a 50/200-day cross or a rating change — evaluated when new data arrives.',
      },
      { title: 'A bell and an e-mail', detail: 'Fired alerts show under the bell in the top bar and, unless you turn it off per alert, arrive by e-mail.' },
    ],
    plan: `All plans (Free: ${describeWatchlistLimit(watchlistLimits.Free)}; Basic: ${describeWatchlistLimit(watchlistLimits.Basic)}; Pro: ${describeWatchlistLimit(watchlistLimits.Pro)})`,
    billing: 'Free; opening a full analysis costs its usual tokens.',
    live: true,
  },
  {
    path: '/smart-yield',
    title: 'Smart Yield',
    tagline: 'Dividend income, analysed.',
    summary: 'Enter or paste your holdings and see what they yield, how safely each dividend is covered, and what lands in each of the next 12 months.',
    capabilities: [
      {
        title: 'Yield and yield on cost',
        detail: 'Last year’s dividends over today’s price and over what you paid, per holding and value-weighted for the portfolio.',
      },
      { title: 'Coverage and safety', detail: 'Payout ratio on earnings and a 0–100 dividend safety score with its five components.' },
      { title: 'Growth', detail: 'Years in a row of higher dividends and the 5-year compound growth rate, from the payment history.' },
      { title: 'Income calendar', detail: 'Each of last year’s payments moved forward one year: a bar per month for the next 12 months.' },
    ],
    plan: 'All plans',
    billing: 'Free; holdings stay in your browser.',
    live: true,
  },
  {
    path: '/dcf-stock-valuation',
    title: 'DCF Stock Valuation',
    tagline: 'What the business could be worth, and what the price already assumes.',
    summary:
      'A discounted cash flow model you can open up: every input comes from the filings or from a formula you can see, and you change each one in the browser.',
    capabilities: [
      { title: 'Two-stage free cash flow model', detail: 'Explicit years of FCF growth, fade years down to a terminal rate, all editable.' },
      {
        title: 'WACC from CAPM',
        detail: 'Cost of equity = risk-free rate + beta × equity risk premium, blended with after-tax cost of debt; every input editable.',
      },
      {
        title: 'Gordon terminal value',
        detail: 'TV = FCF × (1 + g) / (r − g), refused when r − g is under 1.5 points, with a warning when TV is over 75% of enterprise value.',
      },
      { title: 'Reverse DCF', detail: 'Solves for the growth rate the current share price implies.' },
      { title: 'Sensitivity grid', detail: 'Fair value per share for WACC × terminal growth, so you see how much the answer depends on two guesses.' },
      { title: 'Presets and saved valuations', detail: 'Conservative, base and optimistic from the company’s own record; save and reopen valuations free.' },
    ],
    plan: 'All plans',
    billing: 'Free to use and save; a written note is the DCF analysis, 1 token.',
    live: true,
  },
  {
    path: '/advanced-fundamentals',
    title: 'Advanced Fundamentals',
    tagline: 'Quality, distress and manipulation scorecards.',
    summary:
      'Piotroski F, Altman Z/Z″ and Beneish M for any S&P 500 company: every criterion with its inputs and threshold, over five fiscal years, against its sector.',
    capabilities: [
      { title: 'Criterion by criterion', detail: 'Each test’s inputs from the filings, the threshold and pass or fail.' },
      { title: 'Five years, point in time', detail: 'Each fiscal year as known on the day its annual report was filed.' },
      { title: 'Against the sector', detail: 'A histogram of the sector’s scores with the company marked.' },
    ],
    plan: 'All plans',
    billing: 'Free.',
    live: true,
  },
  {
    path: '/advanced-market-screener',
    title: 'Advanced Market Screener',
    tagline: 'Filter the market on the numbers you care about.',
    summary:
      'Screen every covered stock and ETF on valuation, growth, profitability, financial health, dividends, technicals and size, with the same figures as the analyses.',
    capabilities: [
      { title: 'Every filter with its distribution', detail: 'Ranges and choices, each drawn as how the market spreads over it, so a bound is not a guess.' },
      { title: 'Presets', detail: 'Quality at a reasonable price, dividend growers, oversold large caps, Piotroski 8–9 and net cash, one click each.' },
      { title: 'Saved screens and shareable links', detail: 'Keep screens to re-run on fresh data; the address holds the whole screen.' },
      { title: 'From screen to analysis', detail: 'Sort any column, export every match as CSV, and open any result in its overview.' },
    ],
    plan: 'All plans',
    billing: 'Screening, saved screens and CSV export cost no tokens; analyses cost their usual tokens.',
    live: true,
  },
  {
    path: '/track-record',
    title: 'Track Record',
    tagline: 'How our verdicts turned out.',
    summary:
      'Every technical rating, grade and DCF call re-scored as newer prices arrive: how often it held after 1, 3, 6 and 12 months, against SPY, with the sample size and a confidence interval.',
    capabilities: [
      {
        title: 'Every run counts',
        detail: 'Each analysis joins the record on its own; none is dropped for doing badly, and calls without a direction are shown too.',
      },
      { title: 'Point-in-time backtest', detail: 'The engines re-run at each month-end of the last five years using only filings and prices known by then.' },
      {
        title: 'Per analysis',
        detail: 'Your analysis shows its price change since it ran and, per horizon, whether each verdict held, failed or is still pending.',
      },
    ],
    plan: 'All plans',
    billing: 'Free; the summary is public.',
    live: true,
  },
  {
    path: '/api-docs',
    title: 'Public API',
    tagline: 'Stockpilot’s data and analyses from your own code.',
    summary:
      'Quotes, history, fundamentals, ratios and scores, screener queries, analyses and your token balance under /api/v1, with an API key instead of a browser session; documented at /api-docs, where you can try each call with your key.',
    capabilities: [
      {
        title: 'API keys for Pro',
        detail: 'Create and revoke keys in Settings → API keys. Read calls are free; an analysis is charged to your token balance exactly as in the app.',
      },
      { title: 'One contract', detail: 'JSON in and out, one error shape, an OpenAPI 3.1 document generated from the server’s routes.' },
      {
        title: 'Limits you can plan for',
        detail: `Per key: ${apiRateLimits.read.limit} read requests per ${apiRateLimits.read.windowSeconds} s and ${apiRateLimits.analyses.limit} analyses per ${apiRateLimits.analyses.windowSeconds} s, announced in RateLimit headers; an Idempotency-Key makes retrying an analysis safe.`,
      },
      { title: 'Facts you can store', detail: 'Every analysis returns its facts with stable keys, units, periods and sources.' },
    ],
    plan: 'Pro',
    billing: 'Read calls free; analyses cost the same tokens as in the app.',
    live: true,
  },
];
