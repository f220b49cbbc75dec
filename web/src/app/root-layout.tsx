import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/layout/footer.tsx';
import { TopNav } from '../components/layout/top-nav.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { AppUserMenu } from './app-user-menu.tsx';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <TopNav userMenu={<AppUserMenu />} />
      <main id="main" className="flex-1">
        <Suspense fallback={<Spinner label="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
