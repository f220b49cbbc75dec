import { Check } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { formatUsd } from '../../lib/format.ts';
import { useAuth } from '../../features/auth/index.ts';
import { Faq, type PlanInfo, TokenPackageGrid, useBillingActions, useBillingPlans, useTokenPackages } from '../../features/billing/index.ts';
import { useSubscription } from '../../features/tokens/index.ts';
import { ANALYSIS_ESTIMATE_MT } from '../../../../core/tokens/units.ts';
import { describeTokenCosts, formatCostMt, MIN_TOPUP, TOKEN_PRICE, TOPUP_BALANCE_LIMIT_TOKENS } from '../../components/marketing/product-facts.ts';

const faq = [
  { q: 'Do tokens expire?', a: 'Purchased tokens never expire. Your monthly allocation renews at the start of each billing period.' },
  {
    q: 'What does an analysis cost?',
    a: `Each use has a fixed price in tokens: ${describeTokenCosts()}. A full analysis is estimated at ${formatCostMt(ANALYSIS_ESTIMATE_MT)} tokens. The price is shown on the button before you run anything.`,
  },
  { q: 'Am I charged for a failed analysis?', a: 'No. Tokens are deducted only when an analysis completes successfully; a failed analysis consumes none.' },
  {
    q: 'Can I buy extra tokens?',
    a: `Basic and Pro subscribers can buy token packages from ${MIN_TOPUP} at ${TOKEN_PRICE} per token once their balance drops below ${TOPUP_BALANCE_LIMIT_TOKENS} tokens.`,
  },
  {
    q: 'How do upgrades, downgrades and cancellations work?',
    a: 'Upgrading from Free starts a new billing period with the full allocation. Upgrading from Basic to Pro takes effect immediately and adds the extra tokens for the rest of the period. Downgrades and cancellations take effect at the end of the current period.',
  },
  { q: 'How do I pay?', a: 'Payments go through a secure hosted checkout. You can manage or cancel your subscription at any time from your dashboard.' },
];

function PlanCard({
  plan,
  current,
  signedIn,
  busy,
  onChoose,
}: {
  plan: PlanInfo;
  current: boolean;
  signedIn: boolean;
  busy: string | null;
  onChoose: () => void;
}) {
  const highlighted = plan.id === 'basic';
  let action: ReactNode;
  if (!signedIn) {
    action = (
      <ButtonLink to="/signup" variant={highlighted ? 'secondary' : 'outline'} className="w-full">
        {plan.id === 'free' ? 'Get Started' : `Get ${plan.name}`}
      </ButtonLink>
    );
  } else if (current) {
    action = (
      <Button variant="outline" className="w-full" disabled>
        Current plan
      </Button>
    );
  } else if (plan.id === 'free') {
    action = <p className="text-center text-sm text-fg-subtle">Cancel a paid plan any time from your dashboard.</p>;
  } else {
    action = (
      <Button
        variant={highlighted ? 'secondary' : 'primary'}
        className="w-full"
        loading={busy === `checkout:${plan.id}`}
        disabled={Boolean(busy)}
        onClick={onChoose}
      >
        {`Upgrade to ${plan.name}`}
      </Button>
    );
  }
  return (
    <Card className={cn('relative flex flex-col p-6', highlighted && 'border-brand ring-2 ring-brand-muted')}>
      {highlighted && <span className="absolute -top-3 left-6 rounded-full bg-brand px-2.5 py-0.5 text-xs font-semibold text-white">Recommended</span>}
      <h2 className="text-lg font-semibold text-fg">{plan.name}</h2>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-fg tabular">{formatUsd(plan.price_cents)}</span>
        <span className="text-sm text-fg-subtle">/ month</span>
      </p>
      <p className="mt-1 text-sm font-medium text-brand-fg">{plan.monthly_tokens} tokens every month</p>
      <ul className="mt-5 flex-1 space-y-2 text-sm text-fg-secondary">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-fg" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </Card>
  );
}

export default function Page() {
  const { user } = useAuth();
  const subscription = useSubscription();
  const plans = useBillingPlans();
  const packages = useTokenPackages();
  const actions = useBillingActions();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || params.get('checkout') !== 'canceled') return;
    handled.current = true;
    toast('Checkout Canceled', { description: 'Your subscription checkout was canceled. You have not been charged.' });
    setParams({}, { replace: true });
  }, [params, setParams]);

  return (
    <PageShell title="Pricing" lead="Start free. Upgrade for more monthly tokens, and top up whenever you need more." width="wide">
      {plans.isPending ? (
        <Spinner label="Loading plans..." />
      ) : plans.isError ? (
        <Alert tone="error" title="Plans could not be loaded">
          Please refresh the page to try again.
        </Alert>
      ) : (
        <div className="grid gap-6 md:grid-cols-3">
          {plans.data.plans.map((p) => (
            <PlanCard
              key={p.id}
              plan={p}
              current={Boolean(user) && !subscription.loading && subscription.subscriptionTier === p.tier}
              signedIn={Boolean(user)}
              busy={actions.busy}
              onChoose={() => void actions.startCheckout(p.id === 'pro' ? 'pro' : 'basic')}
            />
          ))}
        </div>
      )}

      <section aria-labelledby="packages-title" className="mt-14">
        <h2 id="packages-title" className="text-xl font-semibold tracking-tight text-fg">
          Token packages
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {TOKEN_PRICE} per token, from {MIN_TOPUP}. Available to Basic and Pro subscribers when their balance is below {TOPUP_BALANCE_LIMIT_TOKENS} tokens.
          Purchased tokens never expire.
        </p>
        <div className="mt-6">
          {packages.isPending ? (
            <Spinner label="Loading packages..." />
          ) : packages.isError ? (
            <Alert tone="error">Token packages could not be loaded.</Alert>
          ) : (
            <TokenPackageGrid packages={packages.data.packages} popularLabel="Most Popular" />
          )}
        </div>
        {user && subscription.subscriptionTier !== 'Free' && (
          <p className="mt-4 text-sm">
            <Link to="/token-pricing" className="font-medium text-brand-fg hover:underline">
              See token pricing and buy tokens →
            </Link>
          </p>
        )}
      </section>

      <Faq items={faq} />
    </PageShell>
  );
}
