import { Search } from 'lucide-react';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { RecentAnalyses } from '../../features/analyses/index.ts';
import { useAuth } from '../../features/auth/index.ts';
import { SubscriptionCard } from '../../features/billing/index.ts';
import { RecentActivity, TokenBalanceCard, UsageChart, UsageGuide, useSubscription } from '../../features/tokens/index.ts';
import { SearchBox } from '../../features/market/index.ts';
import { WatchlistsSummary } from '../../features/watchlist/index.ts';

/** Dashboard, the signed-in start: search, tokens and plan, watchlists with the day's moves, usage and recent analyses. */
export default function Page() {
  const { user } = useAuth();
  const subscription = useSubscription();
  const userId = user?.id ?? null;
  return (
    <PageShell
      title="Dashboard"
      lead="Your tokens, watchlists and analyses."
      width="wide"
      actions={
        <ButtonLink to="/search" variant="secondary">
          <Search className="size-4" aria-hidden />
          Search stocks
        </ButtonLink>
      }
    >
      <div className="mb-6 max-w-2xl">
        <SearchBox size="md" label="Search a stock or ETF to analyse" />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <TokenBalanceCard subscription={subscription} />
        </div>
        {/* Slot: subscription card (billing feature). */}
        <SubscriptionCard subscription={subscription} userId={userId} />

        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>Your watchlists</CardTitle>
            <CardDescription>Last price and move of each symbol; alerts fire on new closing prices.</CardDescription>
          </CardHeader>
          <CardContent>
            <WatchlistsSummary userId={userId} />
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Usage, last 30 days</CardTitle>
            <CardDescription>Tokens charged per day for completed analyses and copilot questions.</CardDescription>
          </CardHeader>
          <CardContent>
            <UsageChart userId={userId} days={30} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Usage guide</CardTitle>
            <CardDescription>What each action costs in tokens.</CardDescription>
          </CardHeader>
          <CardContent>
            <UsageGuide />
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Recent analyses</CardTitle>
            <CardDescription>Reopening a finished analysis is free.</CardDescription>
          </CardHeader>
          <CardContent>
            <RecentAnalyses userId={userId} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Token activity</CardTitle>
          </CardHeader>
          <CardContent>
            <RecentActivity userId={userId} />
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
