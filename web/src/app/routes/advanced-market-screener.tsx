import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Check } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { parseSharedScreen, prefetchScreen, ScreenerExample, ScreenerTool, startScreenQuery } from '../../features/screener/index.ts';
import { SignedInOrExample } from '../signed-in-or-example.tsx';

// This module loads when the page is opened: ask for its rows now rather than once the page has mounted.
if (window.location.pathname === '/advanced-market-screener') startScreenQuery(window.location.search);

const TITLE = 'Advanced Market Screener';

const points = [
  {
    title: 'Filters on the numbers that matter',
    detail:
      'Valuation, growth, profitability, financial health, dividends, technicals (rating, RSI, moving averages, returns), size, sector, industry and stock or ETF — each a range or a choice, with how the market spreads over it drawn beside it.',
  },
  { title: 'Same figures as the analyses', detail: 'Every value comes from the same code as the analysis pages, so a screen result and its analysis agree.' },
  { title: 'Presets and saved screens', detail: 'Start from a preset in one click, then save your own screens and re-run them on fresh data.' },
  { title: 'Share it, export it', detail: 'The address holds the whole screen, so a bookmark or a link reproduces it; every match downloads as CSV.' },
];

/** Public: what the screener does, with a preset run live; signed in: the screener itself. */
export default function Page() {
  const { loading } = useAuth();
  const qc = useQueryClient();
  const { search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the screen the page was opened on
  useEffect(() => {
    if (loading) prefetchScreen(qc, search);
  }, []);
  return (
    <SignedInOrExample
      tool={(user) => (
        <PageShell title={TITLE} lead="Filter every covered stock and ETF, sort by any column, and open a result in one click." width="wide">
          <ScreenerTool userId={user.id} />
        </PageShell>
      )}
      example={<Explained search={search} />}
    />
  );
}

function Explained({ search }: { search: string }) {
  return (
    <PageShell
      title={TITLE}
      lead="Filter the market on the numbers you care about, in milliseconds, and open any result straight into its analysis."
      width="wide"
    >
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div>
          <ul className="space-y-4">
            {points.map((p) => (
              <li key={p.title} className="flex gap-3">
                <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-fg">
                  <Check className="size-4" aria-hidden />
                </span>
                <div>
                  <h2 className="font-semibold text-fg">{p.title}</h2>
                  <p className="mt-0.5 text-sm leading-relaxed text-fg-muted">{p.detail}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
            <ButtonLink to="/signup" variant="secondary" size="lg">
              Get started free <ArrowRight className="size-4" aria-hidden />
            </ButtonLink>
            <ButtonLink to={`/login?next=${encodeURIComponent(`/advanced-market-screener${search}`)}`} variant="outline" size="lg">
              Log in
            </ButtonLink>
          </div>
          <p className="mt-2 text-xs text-fg-subtle">Screening and saved screens are free on every plan; analyses cost their usual tokens.</p>
        </div>
        <section aria-labelledby="example-heading" className="min-w-0">
          <h2 id="example-heading" className="text-lg font-semibold text-fg">
            Live example
          </h2>
          <p className="mt-1 mb-4 text-sm text-fg-muted">Pick a preset: it runs live on the current data, on the same engine you get when you sign up.</p>
          <ScreenerExample shared={parseSharedScreen(search)} />
        </section>
      </div>
    </PageShell>
  );
}
