/**
 * Every route of SPEC §2 as plain data: public first, then the guarded ones, then the not-found page.
 * The router renders it and the accessibility browser test visits each entry, so a page added here is
 * checked without anyone remembering to list it twice.
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
