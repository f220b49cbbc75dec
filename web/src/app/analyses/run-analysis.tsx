import { useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { AnalysisRunner, type RunnerAccount } from '../../features/analyses/index.ts';
import { useAuth } from '../../features/auth/index.ts';
import { useSubscription, useTokenCosts } from '../../features/tokens/index.ts';

/** The analyses run flow with the signed-in account: balance, plan, the kind's cost, and refreshes after a charge. */
export function RunAnalysis(props: Omit<ComponentProps<typeof AnalysisRunner>, 'account'>) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const subscription = useSubscription();
  const costs = useTokenCosts();
  const queryClient = useQueryClient();
  const account: RunnerAccount = {
    userId,
    balance: subscription.tokenBalance,
    tier: subscription.subscriptionTier,
    costMt: costs.data?.costs.find((c) => c.action === props.kind)?.cost_mt ?? null,
    onBalanceChanged: () => {
      void subscription.refresh();
      void queryClient.invalidateQueries({ queryKey: ['tokens', userId] });
    },
  };
  return <AnalysisRunner {...props} account={account} />;
}
