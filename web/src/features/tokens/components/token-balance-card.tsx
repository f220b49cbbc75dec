import { Coins } from 'lucide-react';
import { checkTopupAllowed } from '../../../../../core/tokens/catalog.ts';
import { ANALYSIS_ESTIMATE_MT, computeRemainingAnalyses, convertMtToTokens, convertTokensToMt } from '../../../../../core/tokens/units.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate, formatTokens } from '../../../lib/format.ts';
import type { SubscriptionState } from '../subscription-context.tsx';
import { formatCount } from '../../../../../core/text/plural.ts';

const tierTone = { Free: 'neutral', Basic: 'info', Pro: 'brand' } as const;

/** Tier, balance (3 decimals), remaining analyses = floor(balance / 0.8), next reset and the buckets. */
export function TokenBalanceCard({ subscription }: { subscription: SubscriptionState }) {
  const { subscriptionTier: tier, tokenBalance, account, loading } = subscription;
  const analyses = computeRemainingAnalyses(tokenBalance);
  const topup = checkTopupAllowed(tier, convertTokensToMt(tokenBalance) ?? 0);
  return (
    <Card aria-busy={loading || undefined} data-testid="token-card">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-2">
            <Coins className="size-5 text-brand-fg" aria-hidden />
            Tokens
          </CardTitle>
          <Badge tone={tierTone[tier]} data-testid="token-card-tier">
            {tier} plan
          </Badge>
        </div>
        <CardDescription>Analyses are charged only when they finish successfully.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span
            className={`text-4xl font-bold tracking-tight text-fg tabular ${loading ? 'animate-pulse text-fg-subtle' : ''}`}
            data-testid="token-card-balance"
          >
            {formatTokens(tokenBalance)}
          </span>
          <span className="text-fg-subtle">tokens available</span>
        </p>
        <p className="mt-1 text-sm text-fg-muted" data-testid="token-card-analyses">
          ≈ {formatCount(analyses, 'analysis', 'analyses')} left{' '}
          <span className="text-fg-subtle">(at {convertMtToTokens(ANALYSIS_ESTIMATE_MT)} tokens each)</span>
        </p>
        <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-fg-subtle">Monthly allocation</dt>
            <dd className="font-medium text-fg tabular">
              {account ? `${formatTokens(account.allocation)} / ${formatTokens(account.monthly_allocation)}` : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-fg-subtle">Purchased</dt>
            <dd className="font-medium text-fg tabular">{account ? formatTokens(account.purchased) : '—'}</dd>
          </div>
          <div>
            <dt className="text-fg-subtle">Next reset</dt>
            <dd className="font-medium text-fg" data-testid="token-card-reset">
              {formatDate(account?.next_reset_date)}
            </dd>
          </div>
          {account && account.held > 0 && (
            <div className="col-span-2 sm:col-span-3">
              <dt className="sr-only">Reserved</dt>
              <dd className="text-fg-muted">{formatTokens(account.held)} tokens reserved by analyses in progress</dd>
            </div>
          )}
          {account?.pending_tier && (
            <div className="col-span-2 sm:col-span-3">
              <dt className="sr-only">Scheduled change</dt>
              <dd className="text-warning">
                Changes to {account.pending_tier} on {formatDate(account.next_reset_date)}.
              </dd>
            </div>
          )}
        </dl>
        <p className="mt-4 text-xs text-fg-subtle">Allocation is used first and renews each period; purchased tokens never expire.</p>
        {!loading && tier !== 'Free' && (
          <div className="mt-4 flex flex-wrap gap-2">
            {topup.ok && (
              <ButtonLink to="/token-topup" variant="secondary" size="sm">
                Top up tokens
              </ButtonLink>
            )}
            <ButtonLink to="/token-pricing" variant="outline" size="sm">
              Token pricing
            </ButtonLink>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
