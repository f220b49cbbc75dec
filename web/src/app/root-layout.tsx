import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../components/layout/footer.tsx';
import { TopNav } from '../components/layout/top-nav.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { AppUserMenu } from './app-user-menu.tsx';

// Started at module load so it downloads alongside the first route chunk instead of after it.
const queryLayerModule = import('./query-layer.tsx');
const QueryLayer = lazy(() => queryLayerModule);
// It needs the data layer (TanStack Query), so it loads with it rather than weighing on the shell.
const SandboxStrip = lazy(() => import('../features/billing/index.ts').then((m) => ({ default: m.SandboxStrip })));
const DataFreshnessStrip = lazy(() => queryLayerModule.then((m) => ({ default: m.DataFreshnessStrip })));

/** Scroll to the top on a new page, to the anchor when there is one (declarative mode has no ScrollRestoration). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is exactly when to scroll
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <TopNav userMenu={<AppUserMenu />} />
      <main id="main" className="flex-1">
        <Suspense fallback={<Spinner label="Loading..." />}>
          <QueryLayer>
            {/* Two boundaries: the freshness strip comes with the data layer and must not wait for billing's chunk. */}
            <Suspense fallback={null}>
              <SandboxStrip />
            </Suspense>
            <Suspense fallback={null}>
              <DataFreshnessStrip />
            </Suspense>
            <Outlet />
          </QueryLayer>
        </Suspense>
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
