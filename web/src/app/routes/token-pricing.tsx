import { ArrowLeft, Coins, Lock, ShieldCheck } from 'lucide-react';
import { MAX_TOPUP_TOKENS, MIN_TOPUP_TOKENS, TOKEN_PRICE_CENTS, TOPUP_BALANCE_LIMIT_TOKENS } from '../../../../core/tokens/catalog.ts';
import { monthlyAllocationTokens } from '../../../../core/tokens/tiers.ts';
import { TOPUP_LIMITS } from '../../components/marketing/product-facts.ts';
import { ANALYSIS_ESTIMATE_MT, computeRemainingAnalyses, convertMtToTokens } from '../../../../core/tokens/units.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { usePageHeader } from '../../components/layout/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatTokens, formatUsd } from '../../lib/format.ts';
import { Faq, PaymentProviderNote, TokenPackageGrid, useBillingPlans, useTokenPackages } from '../../features/billing/index.ts';
import { useSubscription, useTokenCosts } from '../../features/tokens/index.ts';
import { formatCount } from '../../../../core/text/plural.ts';

/** SPEC §2 FAQ statements, with the allocation amounts DESIGN §4 decides. */
const faq = [
  { q: 'Do tokens expire?', a: 'No. Purchased tokens never expire and stay in your balance until you use them.' },
  { q: 'How quickly are tokens added?', a: 'Activation is instant: your tokens are added as soon as the payment is confirmed.' },
  {
    q: 'When are tokens deducted?',
    a: 'Only when an analysis completes successfully. A failed analysis consumes no tokens.',
  },
  {
    q: 'What is the difference between my monthly allocation and purchased tokens?',
    a: `Free users get a fixed monthly allocation of ${monthlyAllocationTokens.Free} tokens. Basic and Pro subscribers get a monthly subscription allocation of ${monthlyAllocationTokens.Basic} and ${monthlyAllocationTokens.Pro} tokens. The allocation is used first and renews each period; purchased tokens are used after it and never expire.`,
  },
  { q: 'How many tokens can I buy?', a: TOPUP_LIMITS },
];

function UpgradeRequired() {
  usePageHeader({ title: 'Upgrade Required' }, []);
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <Card className="p-8 text-center">
        <Lock className="mx-auto size-10 text-fg-subtle" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-fg">Upgrade Required</h1>
        <p className="mt-2 text-fg-muted">Token purchases are available for Basic and Pro subscribers only.</p>
        <ButtonLink to="/dashboard" variant="secondary" className="mt-6">
          View Subscription Options
        </ButtonLink>
      </Card>
    </div>
  );
}

export default function Page() {
  const subscription = useSubscription();
  const plans = useBillingPlans();
  const packages = useTokenPackages();
  const costs = useTokenCosts();

  if (subscription.loading) return <Spinner label="Loading..." />;
  if (subscription.subscriptionTier === 'Free') return <UpgradeRequired />;

  const balance = subscription.tokenBalance;
  const plan = plans.data?.plans.find((p) => p.tier === subscription.subscriptionTier);
  return (
    <PageShell
      title="Token Pricing"
      lead="Purchase additional analysis tokens"
      actions={
        <ButtonLink to="/dashboard" variant="outline">
          <ArrowLeft className="size-4" aria-hidden />
          Back to Dashboard
        </ButtonLink>
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardDescription>Current balance</CardDescription>
            <p className="flex items-baseline gap-2">
              <span className="text-3xl font-bold text-fg tabular" data-testid="token-balance">
                {formatTokens(balance)}
              </span>
              <span className="text-fg-subtle">tokens</span>
            </p>
          </CardHeader>
          <CardContent className="space-y-1 text-sm text-fg-secondary">
            <p>
              Plan: <strong>{subscription.subscriptionTier}</strong>
              {plan ? ` · ${plan.monthly_tokens} tokens a month` : ''}
            </p>
            <p>
              ≈ {computeRemainingAnalyses(balance)} full analyses remaining ({convertMtToTokens(ANALYSIS_ESTIMATE_MT)} tokens each)
            </p>
          </CardContent>
        </Card>
        <Card className="border-brand bg-brand-soft/40">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Coins className="size-5 text-brand-fg" aria-hidden />
              {formatUsd(TOKEN_PRICE_CENTS)} per token
            </CardTitle>
            <CardDescription>One price per token, for Basic and Pro subscribers.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1 text-sm text-fg-secondary">
              <li>
                Minimum purchase: {MIN_TOPUP_TOKENS} tokens ({formatUsd(MIN_TOPUP_TOKENS * TOKEN_PRICE_CENTS)})
              </li>
              <li>Maximum purchase: {MAX_TOPUP_TOKENS.toLocaleString('en-US')} tokens</li>
              <li>Tokens never expire</li>
              <li>Added instantly after payment</li>
            </ul>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="usage-title" className="mt-10">
        <h2 id="usage-title" className="text-xl font-semibold tracking-tight text-fg">
          Usage guide
        </h2>
        <p className="mt-1 text-sm text-fg-muted">What each action costs. Tokens are deducted only when it completes successfully.</p>
        <div className="mt-4">
          {costs.isPending ? (
            <Spinner label="Loading costs..." className="py-6" />
          ) : costs.isError ? (
            <Alert tone="error">The usage guide could not be loaded.</Alert>
          ) : (
            <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
              {costs.data.costs.map((c) => (
                <li key={c.action} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
                  <span className="text-fg">{c.name}</span>
                  <span className="font-medium text-fg tabular">{formatCount(c.tokens, 'token')}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="packages-title" className="mt-10">
        <h2 id="packages-title" className="text-xl font-semibold tracking-tight text-fg">
          Token packages
        </h2>
        <div className="mt-5">
          {packages.isPending ? (
            <Spinner label="Loading packages..." className="py-6" />
          ) : packages.isError ? (
            <Alert tone="error">Token packages could not be loaded.</Alert>
          ) : (
            <TokenPackageGrid packages={packages.data.packages} />
          )}
        </div>
        <div className="mt-6 flex flex-col items-center gap-3 text-center">
          <ButtonLink to="/token-topup" variant="secondary" size="lg" aria-describedby={balance >= TOPUP_BALANCE_LIMIT_TOKENS ? 'topup-rule' : undefined}>
            Purchase Tokens
          </ButtonLink>
          {balance >= TOPUP_BALANCE_LIMIT_TOKENS && (
            // The rule the top-up page enforces (it sends a larger balance back with a toast), said before the click.
            <p id="topup-rule" className="max-w-md text-sm text-fg-muted" data-testid="topup-rule">
              Top-ups open once your balance is below {TOPUP_BALANCE_LIMIT_TOKENS} tokens; you have {formatTokens(balance)}.
            </p>
          )}
          <div className="flex items-center gap-1.5">
            <ShieldCheck className="size-4 text-fg-subtle" aria-hidden />
            <PaymentProviderNote />
          </div>
        </div>
      </section>

      <Faq items={faq} />
    </PageShell>
  );
}
