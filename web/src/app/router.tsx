import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject, useParams, useRoutes } from 'react-router';
import { Providers } from './providers.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { matchPage, type PageName, type RouteEntry, routeTable } from '../../../core/site/pages.ts';
import { readSignedInHint, startOpeningReads } from '../lib/opening-reads.ts';

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

const loaders = {
  home: () => import('./routes/home.tsx'),
  pricing: () => import('./routes/pricing.tsx'),
  login: () => import('./routes/login.tsx'),
  signup: () => import('./routes/signup.tsx'),
  forgotPassword: () => import('./routes/forgot-password.tsx'),
  resetPassword: () => import('./routes/reset-password.tsx'),
  terms: () => import('./routes/terms-of-service.tsx'),
  privacy: () => import('./routes/privacy-policy.tsx'),
  about: () => import('./routes/about.tsx'),
  contact: () => import('./routes/contact.tsx'),
  comingSoon: () => import('./routes/coming-soon.tsx'),
  screener: () => import('./routes/advanced-market-screener.tsx'),
  smartYield: () => import('./routes/smart-yield.tsx'),
  advancedFundamentals: () => import('./routes/advanced-fundamentals.tsx'),
  smartWatchlist: () => import('./routes/smart-watchlist.tsx'),
  apiDocs: () => import('./routes/api-docs.tsx'),
  trackRecord: () => import('./routes/track-record.tsx'),
  dcfStudio: () => import('./routes/dcf-stock-valuation.tsx'),
  search: () => import('./routes/search.tsx'),
  searchResults: () => import('./routes/search-results.tsx'),
  dashboard: () => import('./routes/dashboard.tsx'),
  copilot: () => import('./routes/copilot.tsx'),
  overview: () => import('./routes/overview.tsx'),
  analysis: () => import('./routes/analysis.tsx'),
  fundamental: () => import('./routes/fundamental-analysis.tsx'),
  technical: () => import('./routes/technical.tsx'),
  balanceSheet: () => import('./routes/balance-sheet.tsx'),
  dcf: () => import('./routes/dcf.tsx'),
  etf: () => import('./routes/etf.tsx'),
  profile: () => import('./routes/profile.tsx'),
  settings: () => import('./routes/settings.tsx'),
  tokenTopup: () => import('./routes/token-topup.tsx'),
  tokenPricing: () => import('./routes/token-pricing.tsx'),
  devOutbox: () => import('./routes/dev-outbox.tsx'),
  compare: () => import('./routes/compare.tsx'),
  sharedAnalysis: () => import('./routes/shared-analysis.tsx'),
  notFound: () => import('./routes/not-found.tsx'),
};

const pages = Object.fromEntries(Object.entries(loaders).map(([name, load]) => [name, page(load)])) as Record<keyof typeof loaders, Page>;

// The page being opened starts loading with the app's own code, in parallel with the session check; lazy() would
// only ask for it once the guard had rendered it (the dashboard's chunk waited ~200 ms for the session).
const opening = typeof window === 'undefined' ? null : matchPage(window.location.pathname);
if (opening && opening.entry.page in loaders) loaders[opening.entry.page as keyof typeof loaders]().catch(() => undefined);

/** What every signed-in page reads first: the menu's profile, SPEC §4's subscription check then token row, the bell. */
const SIGNED_IN_READS = ['/api/profile', ['/api/subscription', '/api/tokens'], '/api/notifications?limit=8'] as const;
/** A guarded page's own first reads, exactly as its queries ask for them (the dashboard's e2e test fails on one unused). */
const PAGE_READS: Partial<Record<PageName, readonly string[]>> = {
  dashboard: [
    '/api/billing/plans',
    '/api/billing/subscription',
    '/api/watchlists',
    '/api/tokens/usage?days=30',
    '/api/token-costs',
    '/api/analyses?limit=8',
    '/api/tokens/ledger?limit=8',
  ],
};
// Its data leaves with the page's code too (web/src/lib/opening-reads.ts): a guarded page's reads beside the session
// check rather than after it, in a browser that had a session. Every page shows the data-freshness strip.
if (opening) {
  const guarded = opening.entry.access === 'guarded' && readSignedInHint();
  startOpeningReads(['/api/market/freshness', ...(guarded ? [...SIGNED_IN_READS, ...(PAGE_READS[opening.entry.page] ?? [])] : [])]);
}

function FundamentalRedirect() {
  const { symbol = '' } = useParams();
  return <Navigate to={`/fundamental-analysis/${encodeURIComponent(symbol)}/overview`} replace />;
}

const pageByName: Record<PageName, ComponentType> = { ...pages, fundamentalRedirect: FundamentalRedirect };

const toRoute = ({ path, page, access }: RouteEntry): RouteObject => {
  const P = pageByName[page];
  return {
    path,
    element:
      access === 'guarded' ? (
        <RequireAuth>
          <P />
        </RequireAuth>
      ) : (
        <P />
      ),
  };
};

/** The route table (`route-table.ts`) inside the providers and the root layout. */
export const routes: RouteObject[] = [
  {
    element: (
      <Providers>
        <RootLayout />
      </Providers>
    ),
    children: routeTable.map(toRoute),
  },
];

/**
 * Declarative mode (`BrowserRouter` + `useRoutes`) rather than the data router: nothing here uses
 * loaders or actions, and it keeps ~17 KB gzip out of the landing page's initial JavaScript.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
