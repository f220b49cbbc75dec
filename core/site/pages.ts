/**
 * Every route of SPEC §2 as plain data: public first, then the guarded ones, then the not-found page.
 * The web's router renders it, the server answers each path with its title, description and status (a path no
 * route matches is a 404), the sitemap lists the indexable ones, and the accessibility browser test visits each
 * entry: a page added here is served, described and checked without anyone listing it twice.
 */
export const routeTable = [
  { path: '/', page: 'home', access: 'open' },
  { path: '/pricing', page: 'pricing', access: 'open' },
  { path: '/login', page: 'login', access: 'open' },
  { path: '/signup', page: 'signup', access: 'open' },
  { path: '/forgot-password', page: 'forgotPassword', access: 'open' },
  { path: '/auth/reset-password', page: 'resetPassword', access: 'open' },
  { path: '/terms-of-service', page: 'terms', access: 'open' },
  { path: '/privacy-policy', page: 'privacy', access: 'open' },
  { path: '/about', page: 'about', access: 'open' },
  { path: '/contact', page: 'contact', access: 'open' },
  { path: '/coming-soon', page: 'comingSoon', access: 'open' },
  { path: '/advanced-fundamentals', page: 'advancedFundamentals', access: 'open' },
  { path: '/smart-watchlist', page: 'smartWatchlist', access: 'open' },
  { path: '/smart-yield', page: 'smartYield', access: 'open' },
  { path: '/dcf-stock-valuation', page: 'dcfStudio', access: 'open' },
  { path: '/advanced-market-screener', page: 'screener', access: 'open' },
  { path: '/api-docs', page: 'apiDocs', access: 'open' },
  { path: '/track-record', page: 'trackRecord', access: 'open' },
  { path: '/dev/outbox', page: 'devOutbox', access: 'open' },
  { path: '/s/:token', page: 'sharedAnalysis', access: 'open' },
  { path: '/search', page: 'search', access: 'guarded' },
  { path: '/search-results', page: 'searchResults', access: 'guarded' },
  { path: '/dashboard', page: 'dashboard', access: 'guarded' },
  { path: '/copilot', page: 'copilot', access: 'guarded' },
  { path: '/overview/:symbol', page: 'overview', access: 'guarded' },
  { path: '/analysis/:symbol', page: 'analysis', access: 'guarded' },
  { path: '/fundamental-analysis/:symbol', page: 'fundamentalRedirect', access: 'guarded' },
  { path: '/fundamental-analysis/:symbol/:analysisType', page: 'fundamental', access: 'guarded' },
  { path: '/technical/:symbol', page: 'technical', access: 'guarded' },
  { path: '/balance-sheet/:symbol', page: 'balanceSheet', access: 'guarded' },
  { path: '/dcf/:symbol', page: 'dcf', access: 'guarded' },
  { path: '/etf/:symbol', page: 'etf', access: 'guarded' },
  { path: '/profile', page: 'profile', access: 'guarded' },
  { path: '/settings', page: 'settings', access: 'guarded' },
  { path: '/token-topup', page: 'tokenTopup', access: 'guarded' },
  { path: '/token-pricing', page: 'tokenPricing', access: 'guarded' },
  { path: '/compare', page: 'compare', access: 'guarded' },
  { path: '*', page: 'notFound', access: 'open' },
] as const satisfies ReadonlyArray<{ path: string; page: string; access: 'open' | 'guarded' }>;

export type RouteEntry = (typeof routeTable)[number];
export type PageName = RouteEntry['page'];

export const SITE_NAME = 'Stockpilot';

/**
 * What a search engine or a link preview reads for each route: title (without the site name), description,
 * and whether it belongs in the index (guarded pages, forms with tokens and the dev outbox do not).
 * `{symbol}` is filled with the symbol and, where known, the company's name.
 */
const PAGE_META: Record<PageName, { title: string; description: string; indexable: boolean; robots?: string }> = {
  home: {
    title: 'AI-assisted stock analysis, paid per use',
    description:
      'AI-assisted stock analyses — overview, fundamentals, technicals, balance sheet, ETF and DCF — computed in tested code from SEC filings and daily prices, paid per use with tokens.',
    indexable: true,
  },
  pricing: { title: 'Pricing', description: 'Free, Basic and Pro plans with monthly tokens, and token top-ups for Basic and Pro.', indexable: true },
  login: { title: 'Sign in', description: 'Sign in to Stockpilot.', indexable: false },
  signup: { title: 'Create your account', description: 'Create a free Stockpilot account: 10 tokens every month, no card needed.', indexable: true },
  forgotPassword: { title: 'Reset your password', description: 'Get a link to reset your Stockpilot password.', indexable: false },
  resetPassword: { title: 'Choose a new password', description: 'Choose a new Stockpilot password.', indexable: false },
  terms: { title: 'Terms of Service', description: 'The terms for using Stockpilot.', indexable: true },
  privacy: { title: 'Privacy Policy', description: 'What Stockpilot stores about you, why, and for how long.', indexable: true },
  about: { title: 'About Stockpilot', description: 'Who builds Stockpilot, how it makes money, and where every number comes from.', indexable: true },
  contact: { title: 'Contact', description: 'Write to the Stockpilot team.', indexable: true },
  comingSoon: { title: 'Tools', description: 'Every Stockpilot tool and what it does.', indexable: true },
  advancedFundamentals: {
    title: 'Advanced fundamentals and scorecards',
    description: 'Piotroski, Altman and Beneish scorecards over five fiscal years, with each company placed among its sector peers.',
    indexable: true,
  },
  smartWatchlist: { title: 'Smart watchlist', description: 'Watchlists with each symbol’s figures and price, RSI and move alerts by e-mail.', indexable: true },
  smartYield: { title: 'Smart Yield', description: 'Dividend yield, safety and a 12-month income calendar for a portfolio you paste.', indexable: true },
  dcfStudio: {
    title: 'DCF studio',
    description: 'A discounted cash flow valuation you can change: growth, margins, WACC and the terminal value.',
    indexable: true,
  },
  screener: {
    title: 'Market screener',
    description: 'Screen US stocks and ETFs on valuation, growth, quality and momentum; save screens and export CSV.',
    indexable: true,
  },
  apiDocs: { title: 'API documentation', description: 'The Stockpilot REST API: endpoints, keys and examples.', indexable: true },
  trackRecord: {
    title: 'Track record',
    description: 'How the analyses’ ratings, grades and DCF calls held up afterwards, with the sample size of each hit rate.',
    indexable: true,
  },
  devOutbox: { title: 'Dev outbox', description: 'E-mails the app would have sent (development only).', indexable: false },
  // Nor followed: a shared analysis links to its owner's world, not to pages for the index.
  sharedAnalysis: { title: 'Shared analysis', description: 'A Stockpilot analysis shared by its owner.', indexable: false, robots: 'noindex, nofollow' },
  search: { title: 'Search', description: 'Search US stocks and ETFs.', indexable: false },
  searchResults: { title: 'Search results', description: 'Search US stocks and ETFs.', indexable: false },
  dashboard: { title: 'Dashboard', description: 'Your tokens, plan and recent analyses.', indexable: false },
  copilot: { title: 'AI copilot', description: 'Ask about a company’s figures and get answers that cite them.', indexable: false },
  overview: { title: '{symbol} overview', description: 'Quick overview of {symbol}: price, key figures and what stands out.', indexable: false },
  analysis: { title: '{symbol} analyses', description: 'Every analysis of {symbol} in one place.', indexable: false },
  fundamentalRedirect: { title: '{symbol} fundamental analysis', description: 'Fundamental analysis of {symbol}.', indexable: false },
  fundamental: {
    title: '{symbol} fundamental analysis',
    description: 'Fundamental analysis of {symbol}: valuation, profitability, growth, financial health, dividends and cash flow.',
    indexable: false,
  },
  technical: {
    title: '{symbol} technical analysis',
    description: 'Technical analysis of {symbol}: trend, momentum, support and resistance, and the technical rating.',
    indexable: false,
  },
  balanceSheet: {
    title: '{symbol} balance sheet',
    description: 'Balance-sheet analysis of {symbol}: liquidity, leverage and solvency scores.',
    indexable: false,
  },
  dcf: {
    title: '{symbol} DCF valuation',
    description: 'Discounted cash flow valuation of {symbol}: fair value range, assumptions and sensitivity.',
    indexable: false,
  },
  etf: { title: '{symbol} ETF analysis', description: 'ETF analysis of {symbol}: costs, holdings, sectors and overlap.', indexable: false },
  profile: { title: 'Profile', description: 'Your Stockpilot profile.', indexable: false },
  settings: { title: 'Settings', description: 'Your Stockpilot settings and API keys.', indexable: false },
  tokenTopup: { title: 'Buy tokens', description: 'Top up your Stockpilot tokens.', indexable: false },
  tokenPricing: { title: 'Token pricing', description: 'What each analysis and copilot question costs in tokens.', indexable: false },
  compare: { title: 'Compare symbols', description: 'Stocks and ETFs side by side on the same figures.', indexable: false },
  notFound: { title: 'Page not found', description: 'This page does not exist.', indexable: false },
};

export interface PageMatch {
  entry: RouteEntry;
  params: Record<string, string>;
}

/** The route a path renders (never the catch-all): null when none matches, which the server answers with 404. */
export function matchPage(path: string): PageMatch | null {
  const parts = path.split('/').filter(Boolean);
  for (const entry of routeTable) {
    if (entry.path === '*') continue;
    const pattern = entry.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    if (!pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i])) continue;
    const params = Object.fromEntries(pattern.flatMap((seg, i) => (seg.startsWith(':') ? [[seg.slice(1), decodeURIComponent(parts[i]!)]] : [])));
    return { entry, params };
  }
  return null;
}

interface PageHead {
  title: string;
  description: string;
  indexable: boolean;
  /** The robots meta of a page outside the index. */
  robots: string;
}

/** The head of a page: the route's title and description, with `{symbol}` as "AAPL (Apple Inc.)" where the name is known. */
export function describePageHead(page: PageName, params: Record<string, string> = {}, companyName: string | null = null): PageHead {
  const meta = PAGE_META[page];
  const symbol = params.symbol?.toUpperCase();
  const fill = (s: string) => (symbol ? s.replaceAll('{symbol}', companyName ? `${symbol} (${companyName})` : symbol) : s.replaceAll('{symbol} ', ''));
  const title = fill(meta.title);
  return {
    title: page === 'home' ? `${SITE_NAME} · ${title}` : `${title} · ${SITE_NAME}`,
    description: fill(meta.description),
    indexable: meta.indexable,
    robots: meta.robots ?? 'noindex',
  };
}

/** The public pages a sitemap lists. */
export const listIndexablePaths = (): string[] =>
  routeTable.filter((r) => r.path !== '*' && !r.path.includes(':') && PAGE_META[r.page].indexable).map((r) => r.path);
