import { Check } from 'lucide-react';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { HoldingsEditor, useAnalyseSmartYield, useSmartYieldExample, YieldReport } from '../../features/smart-yield/index.ts';
import { SignedInOrExample, SignInToUse } from '../signed-in-or-example.tsx';

const WHAT_IT_COMPUTES = [
  ['Yield and yield on cost', 'The dividends that went ex over the last year of the history, over today’s price and over what you paid.'],
  [
    'Payout ratio and safety',
    'Dividends paid over net income, and a 0–100 safety score from payout, free cash flow cover, leverage, years without a cut and earnings stability.',
  ],
  ['Growth', 'Years in a row of higher dividends per share, and the 5-year compound growth rate, from complete calendar years.'],
  ['Income calendar', 'Each of last year’s payments moved forward one year, × your shares: what lands in each of the next 12 months.'],
] as const;

function Explainer() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {WHAT_IT_COMPUTES.map(([title, detail]) => (
        <li key={title} className="flex gap-3">
          <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-fg">
            <Check className="size-4" aria-hidden />
          </span>
          <div>
            <h3 className="font-semibold text-fg">{title}</h3>
            <p className="mt-0.5 text-sm leading-relaxed text-fg-muted">{detail}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function LiveExample() {
  const example = useSmartYieldExample();
  if (example.isPending) return <Spinner label="Loading the example portfolio" />;
  if (example.isError) return <Alert tone="error">Could not load the example. {(example.error as Error).message}</Alert>;
  return <YieldReport report={example.data} />;
}

function SignedOut() {
  return (
    <div className="space-y-10">
      <Explainer />
      <section aria-labelledby="example-heading" className="space-y-4">
        <div>
          <h2 id="example-heading" className="text-xl font-semibold text-fg">
            Live example: eight dividend payers
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            KO, PEP, JNJ, PG, MO, VZ, XOM and MSFT with example share counts and purchase prices, computed now on the same data and code you get when signed in.
          </p>
        </div>
        <LiveExample />
      </section>
      <SignInToUse path="/smart-yield">Sign in to analyse your own holdings: type them or paste a CSV. Free on every plan.</SignInToUse>
    </div>
  );
}

function Tool() {
  const analyse = useAnalyseSmartYield();
  return (
    <div className="space-y-8">
      <section aria-labelledby="holdings-heading" className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <h2 id="holdings-heading" className="mb-4 text-lg font-semibold text-fg">
          Your holdings
        </h2>
        <HoldingsEditor onSubmit={(body) => analyse.mutate(body)} pending={analyse.isPending} error={analyse.isError ? analyse.error.message : null} />
      </section>
      {analyse.data ? (
        <section aria-label="Smart yield report">
          <YieldReport report={analyse.data} />
        </section>
      ) : (
        !analyse.isPending && (
          <div className="space-y-4">
            <p className="rounded-xl border border-dashed border-border-strong bg-surface p-6 text-sm text-fg-muted">
              Add your holdings and press “Analyse portfolio” to see your yield, each dividend’s safety and the income calendar.
            </p>
            <Explainer />
          </div>
        )
      )}
    </div>
  );
}

export default function SmartYieldPage() {
  return (
    <PageShell
      title="Smart Yield"
      lead="Dividend income, analysed: what your holdings yield, how safely each dividend is covered, and what lands in each of the next 12 months."
    >
      <SignedInOrExample tool={() => <Tool />} example={<SignedOut />} />
    </PageShell>
  );
}
