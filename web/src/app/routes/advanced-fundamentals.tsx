import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ScorecardsView, useScorecards, useScorecardsExample } from '../../features/scorecards/index.ts';
import { SignedInOrExample, SignInToUse } from '../signed-in-or-example.tsx';

const EXPLAINER = [
  ['Piotroski F-score (0–9)', 'Nine tests — profitable, cash-generating, improving, not diluting — one point each. 7 or more is strong, 3 or less weak.'],
  [
    'Altman Z / Z″',
    'Five balance-sheet ratios weighted into a bankruptcy-risk score: Z for manufacturers, Z″ for other companies; banks and insurers are not scored.',
  ],
  [
    'Beneish M-score',
    'Eight indices of how receivables, margins, assets, sales, depreciation, overheads, leverage and accruals moved: above −1.78 looks like past manipulators.',
  ],
] as const;

function Explainer() {
  return (
    <dl className="grid gap-3 md:grid-cols-3">
      {EXPLAINER.map(([t, d]) => (
        <div key={t} className="rounded-xl border border-border bg-surface p-4">
          <dt className="font-semibold text-fg">{t}</dt>
          <dd className="mt-1 text-sm text-fg-muted">{d}</dd>
        </div>
      ))}
    </dl>
  );
}

function SignedOut() {
  const example = useScorecardsExample();
  return (
    <div className="space-y-8">
      <Explainer />
      <p className="text-sm text-fg-secondary">
        Every criterion shows its inputs from the filings, the threshold and whether it passed, for each of the last five fiscal years as known on the day that
        year’s report was filed — and where the company sits among its sector’s S&amp;P 500 peers.
      </p>
      <section aria-labelledby="example-heading" className="space-y-4">
        <h2 id="example-heading" className="text-lg font-semibold text-fg">
          Live example
        </h2>
        {example.isPending ? (
          <Spinner label="Loading the example scorecards" />
        ) : example.isError ? (
          <Alert tone="error">Could not load the example. {(example.error as Error).message}</Alert>
        ) : (
          <ScorecardsView data={example.data} />
        )}
      </section>
      <SignInToUse path="/advanced-fundamentals">Sign in to open the scorecards of any S&amp;P 500 company. Free on every plan.</SignInToUse>
    </div>
  );
}

function Tool() {
  const [params, setParams] = useSearchParams();
  const symbol = params.get('symbol')?.trim().toUpperCase() || null;
  const [draft, setDraft] = useState(symbol ?? '');
  const scorecards = useScorecards(symbol);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const s = draft.trim();
    if (s) setParams({ symbol: s.toUpperCase() });
  };
  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="scorecard-symbol">Company symbol</Label>
          <Input id="scorecard-symbol" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="e.g. KO, MSFT, CAT" autoCapitalize="characters" />
        </div>
        <Button type="submit" loading={scorecards.isFetching}>
          Open scorecards
        </Button>
      </form>
      {!symbol ? (
        <div className="space-y-4">
          <p className="rounded-xl border border-dashed border-border-strong bg-surface p-6 text-sm text-fg-muted">
            Enter an S&amp;P 500 company’s symbol to open its scorecards.
          </p>
          <Explainer />
        </div>
      ) : scorecards.isPending ? (
        <Spinner label={`Scoring ${symbol}`} />
      ) : scorecards.isError ? (
        <Alert tone="error" title={`No scorecards for ${symbol}`}>
          {(scorecards.error as Error).message}
        </Alert>
      ) : (
        <ScorecardsView key={scorecards.data.symbol} data={scorecards.data} />
      )}
    </div>
  );
}

export default function AdvancedFundamentalsPage() {
  return (
    <PageShell
      title="Advanced Fundamentals"
      lead="Quality, distress and manipulation scorecards — Piotroski F, Altman Z and Beneish M — over five fiscal years, criterion by criterion, against the sector."
    >
      <SignedInOrExample tool={() => <Tool />} example={<SignedOut />} />
    </PageShell>
  );
}
