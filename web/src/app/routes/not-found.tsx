import { Link, useLocation } from 'react-router';
import { usePageHeader } from '../../components/layout/page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';

const elsewhere: Array<[string, string, string]> = [
  ['/pricing', 'Pricing', 'Plans, tokens and what each analysis costs'],
  ['/coming-soon', 'All tools', 'Screener, watchlists, DCF studio, Smart Yield and more'],
  ['/api-docs', 'API documentation', 'Endpoints, schemas and errors'],
  ['/contact', 'Contact', 'Tell us about a broken link'],
];

export default function NotFound() {
  usePageHeader({ title: 'Page not found' });
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <svg viewBox="0 0 160 64" className="h-16 w-40" aria-hidden>
        <polyline points="4,44 28,36 48,40 70,20 88,30" fill="none" className="stroke-chart-up" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <polyline points="88,30 104,30" fill="none" className="stroke-chart-volume" strokeWidth="4" strokeLinecap="round" strokeDasharray="2 8" />
        <polyline points="120,30 156,30" fill="none" className="stroke-chart-volume" strokeWidth="4" strokeLinecap="round" strokeDasharray="2 8" />
        <circle cx="88" cy="30" r="6" className="fill-fg" />
      </svg>
      <p className="mt-6 text-sm font-semibold text-brand-fg">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">Page not found</h1>
      <p className="mt-3 text-fg-muted">The page you asked for does not exist or has moved.</p>
      <p className="mt-2 max-w-full break-all rounded-md bg-surface-subtle px-2 py-1 font-mono text-xs text-fg-muted">{pathname}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/">Go home</ButtonLink>
        <ButtonLink to="/search" variant="outline">
          Search stocks
        </ButtonLink>
      </div>
      <nav aria-label="Other pages" className="mt-12 w-full text-left">
        <ul className="grid gap-3 sm:grid-cols-2">
          {elsewhere.map(([to, label, hint]) => (
            <li key={to}>
              <Link to={to} className="block h-full rounded-xl border border-border bg-surface p-4 hover:border-brand">
                <span className="font-medium text-fg">{label}</span>
                <span className="mt-0.5 block text-sm text-fg-subtle">{hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
