import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CreditCard, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate, formatUsd } from '../../../lib/format.ts';
import { useBillingSubscription } from '../api/get-billing-subscription.ts';
import { type Tier, useBillingPlans } from '../api/get-plans.ts';
import { useBillingActions } from '../api/use-billing-actions.ts';
import { SandboxBanner } from './sandbox-banner.tsx';

/** What the card needs from the subscription state (the tokens feature's `useSubscription()`). */
export interface SubscriptionSummary {
  subscriptionTier: Tier;
  subscriptionEnd: string | null;
  loading: boolean;
  refresh(): Promise<void>;
  /** A downgrade scheduled for the end of the period (from the token row), if any. */
  account?: { pending_tier: Tier | null } | null;
}

const tierTone = { Free: 'neutral', Basic: 'info', Pro: 'brand' } as const;

/**
 * Dashboard card: tier, renewal or end date, "Manage subscription" and upgrade buttons. Refreshes when
 * the tab regains focus, since checkout and portal open in another tab; handles ?checkout=success|canceled.
 */
export function SubscriptionCard({ subscription, userId }: { subscription: SubscriptionSummary; userId: string | null }) {
  const { subscriptionTier: tier, subscriptionEnd, refresh } = subscription;
  const plans = useBillingPlans();
  const billing = useBillingSubscription(userId);
  const actions = useBillingActions();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);

  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState !== 'visible') return;
      void refresh();
      void queryClient.invalidateQueries({ queryKey: ['billing', 'subscription'] });
    };
    document.addEventListener('visibilitychange', onFocus);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onFocus);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh, queryClient]);

  useEffect(() => {
    const state = params.get('checkout');
    if (!state || handled.current) return;
    handled.current = true;
    if (state === 'success') {
      toast.success('Payment Successful!', { description: 'Your subscription is active.' });
      void refresh();
      void queryClient.invalidateQueries({ queryKey: ['billing', 'subscription'] });
    }
    const next = new URLSearchParams(params);
    next.delete('checkout');
    next.delete('session_id');
    setParams(next, { replace: true });
  }, [params, setParams, refresh, queryClient]);

  if (subscription.loading) {
    return (
      <Card role="region" aria-labelledby="subscription-card-title" aria-busy="true">
        <CardHeader>
          <CardTitle id="subscription-card-title" className="flex items-center gap-2">
            <CreditCard className="size-5 text-fg-subtle" aria-hidden />
            Subscription
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3" aria-hidden>
          <div className="h-4 w-2/3 animate-pulse rounded bg-surface-strong" />
          <div className="h-9 w-1/2 animate-pulse rounded bg-surface-strong" />
        </CardContent>
      </Card>
    );
  }

  const plan = plans.data?.plans.find((p) => p.tier === tier);
  const proPlan = plans.data?.plans.find((p) => p.tier === 'Pro');
  const endsAtPeriodEnd = billing.data?.cancel_at_period_end && billing.data.tier === tier;
  const pendingTier = subscription.account?.pending_tier ?? null;
  const periodEnd = subscriptionEnd ?? billing.data?.current_period_end ?? null;

  return (
    <Card role="region" aria-labelledby="subscription-card-title">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle id="subscription-card-title" className="flex items-center gap-2">
            <CreditCard className="size-5 text-fg-subtle" aria-hidden />
            Subscription
          </CardTitle>
          <Badge tone={tierTone[tier]}>{tier}</Badge>
        </div>
        <CardDescription>
          {plan
            ? tier === 'Free'
              ? `Free plan · ${plan.monthly_tokens} tokens a month`
              : `${plan.name} · ${formatUsd(plan.price_cents)} a month · ${plan.monthly_tokens} tokens a month`
            : `${tier} plan`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {tier !== 'Free' && periodEnd && (
          <p className="flex items-center gap-2 text-sm text-fg-secondary">
            <CalendarClock className="size-4 text-fg-subtle" aria-hidden />
            {endsAtPeriodEnd || pendingTier === 'Free' ? (
              <span>
                Ends on <strong>{formatDate(periodEnd)}</strong> — you return to Free then.
              </span>
            ) : pendingTier && pendingTier !== tier ? (
              <span>
                Switches to {pendingTier} on <strong>{formatDate(periodEnd)}</strong>
              </span>
            ) : (
              <span>
                Renews on <strong>{formatDate(periodEnd)}</strong>
              </span>
            )}
          </p>
        )}
        {tier === 'Free' && <p className="text-sm text-fg-muted">Upgrade for more monthly tokens and the option to buy extra tokens.</p>}
        {/* The switch happens in the payment provider's portal: say the price and how the first charge is counted before the click. */}
        {tier === 'Basic' && proPlan && !endsAtPeriodEnd && (
          <p className="text-sm text-fg-muted">
            Pro is {formatUsd(proPlan.price_cents)} a month with {proPlan.monthly_tokens} tokens. Switching now charges only the prorated difference for the
            rest of this period; you see that amount and confirm it before anything is charged.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {tier === 'Free' && (
            <>
              <Button
                variant="secondary"
                loading={actions.busy === 'checkout:basic'}
                disabled={Boolean(actions.busy)}
                onClick={() => void actions.startCheckout('basic')}
              >
                <Sparkles className="size-4" aria-hidden />
                Upgrade to Basic
              </Button>
              <Button
                variant="outline"
                loading={actions.busy === 'checkout:pro'}
                disabled={Boolean(actions.busy)}
                onClick={() => void actions.startCheckout('pro')}
              >
                Upgrade to Pro
              </Button>
            </>
          )}
          {tier === 'Basic' && (
            <Button
              variant="secondary"
              loading={actions.busy === 'checkout:pro'}
              disabled={Boolean(actions.busy)}
              onClick={() => void actions.startCheckout('pro')}
            >
              <Sparkles className="size-4" aria-hidden />
              Upgrade to Pro
            </Button>
          )}
          {tier !== 'Free' && (
            <Button variant="outline" loading={actions.busy === 'portal'} disabled={Boolean(actions.busy)} onClick={() => void actions.openPortal()}>
              Manage subscription
            </Button>
          )}
        </div>
        <SandboxBanner />
      </CardContent>
    </Card>
  );
}
