import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject, useParams, useRoutes } from 'react-router';
import { Providers } from './providers.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { type PageName, type RouteEntry, routeTable } from '../../../core/site/pages.ts';

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

const pages = {
  home: page(() => import('./routes/home.tsx')),
  pricing: page(() => import('./routes/pricing.tsx')),
  login: page(() => import('./routes/login.tsx')),
  signup: page(() => import('./routes/signup.tsx')),
  forgotPassword: page(() => import('./routes/forgot-password.tsx')),
  resetPassword: page(() => import('./routes/reset-password.tsx')),
  terms: page(() => import('./routes/terms-of-service.tsx')),
  privacy: page(() => import('./routes/privacy-policy.tsx')),
  about: page(() => import('./routes/about.tsx')),
  contact: page(() => import('./routes/contact.tsx')),
  comingSoon: page(() => import('./routes/coming-soon.tsx')),
  screener: page(() => import('./routes/advanced-market-screener.tsx')),
  smartYield: page(() => import('./routes/smart-yield.tsx')),
  advancedFundamentals: page(() => import('./routes/advanced-fundamentals.tsx')),
  smartWatchlist: page(() => import('./routes/smart-watchlist.tsx')),
  apiDocs: page(() => import('./routes/api-docs.tsx')),
  trackRecord: page(() => import('./routes/track-record.tsx')),
  dcfStudio: page(() => import('./routes/dcf-stock-valuation.tsx')),
  search: page(() => import('./routes/search.tsx')),
  searchResults: page(() => import('./routes/search-results.tsx')),
  dashboard: page(() => import('./routes/dashboard.tsx')),
  copilot: page(() => import('./routes/copilot.tsx')),
  overview: page(() => import('./routes/overview.tsx')),
  analysis: page(() => import('./routes/analysis.tsx')),
  fundamental: page(() => import('./routes/fundamental-analysis.tsx')),
  technical: page(() => import('./routes/technical.tsx')),
  balanceSheet: page(() => import('./routes/balance-sheet.tsx')),
  dcf: page(() => import('./routes/dcf.tsx')),
  etf: page(() => import('./routes/etf.tsx')),
  profile: page(() => import('./routes/profile.tsx')),
  settings: page(() => import('./routes/settings.tsx')),
  tokenTopup: page(() => import('./routes/token-topup.tsx')),
  tokenPricing: page(() => import('./routes/token-pricing.tsx')),
  devOutbox: page(() => import('./routes/dev-outbox.tsx')),
  compare: page(() => import('./routes/compare.tsx')),
  sharedAnalysis: page(() => import('./routes/shared-analysis.tsx')),
  notFound: page(() => import('./routes/not-found.tsx')),
};

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
