import { useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import type { AnalysisKind } from '../../../../core/analysis/analysis-types.ts';
import { classifyCompany } from '../../../../core/analysis/fundamentals/company-class.ts';
import { describeYardstickBeforeRun, selectYardstick } from '../../../../core/analysis/fundamentals/yardsticks.ts';
import { checkAvailability } from '../../../../core/analysis/runs/index.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { AnalysisRunner, type RunnerAccount } from '../../features/analyses/index.ts';
import { useValuationAvailability } from '../../features/dcf-studio/index.ts';
import { useAuth } from '../../features/auth/index.ts';
import type { ProfileResponse } from '../../features/market/index.ts';
import { useSubscription, useTokenCosts } from '../../features/tokens/index.ts';

/**
 * The analyses run flow with the signed-in account (balance, plan, the kind's cost, refreshes after a
 * charge), or why the kind cannot run on this symbol, in the words the server would answer 422 with.
 */
export function RunAnalysis({ profile, ...props }: Omit<ComponentProps<typeof AnalysisRunner>, 'account'> & { profile: ProfileResponse }) {
  const account = useRunnerAccount(props.kind);
  const unavailable = checkAvailability(props.kind, { profile, coverage: profile.coverage });
  // A valuation needs more than coverage: whether any model can value the company is the server's answer (free).
  const valuation = useValuationAvailability(props.kind === 'dcf' && !unavailable ? profile.symbol : null);
  const reason = unavailable?.reason ?? (valuation.data && !valuation.data.available ? valuation.data.reason : null);
  if (reason)
    return (
      <Alert tone="info" title="Not available">
        {reason.replace(/\.$/, '')}.
      </Alert>
    );
  const judgedBy = describeJudgedBy(props.kind, profile);
  return (
    <>
      {judgedBy && (
        <p className="mb-3 rounded-md border border-border bg-surface-muted px-3 py-2 text-sm text-fg-secondary" data-testid="judged-by">
          {judgedBy}
        </p>
      )}
      <AnalysisRunner {...props} account={account} />
    </>
  );
}

/** The class's yardstick for this kind, said before the run (core/analysis/fundamentals/yardsticks.ts). */
function describeJudgedBy(kind: AnalysisKind, profile: ProfileResponse): string | null {
  if (profile.type === 'etf') return null;
  const input = { sector: profile.sector, industry: profile.industry, sicDescription: profile.sic_description };
  return describeYardstickBeforeRun(kind, selectYardstick(classifyCompany(input), input));
}

/** The signed-in account as a run of `kind` needs it: balance, plan, the kind's cost, and the refreshes after a charge. */
export function useRunnerAccount(kind: AnalysisKind): RunnerAccount {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const subscription = useSubscription();
  const costs = useTokenCosts();
  const queryClient = useQueryClient();
  return {
    userId,
    balance: subscription.tokenBalance,
    tier: subscription.subscriptionTier,
    costMt: costs.data?.costs.find((c) => c.action === kind)?.cost_mt ?? null,
    onBalanceChanged: () => {
      void subscription.refresh();
      void queryClient.invalidateQueries({ queryKey: ['tokens', userId] });
    },
  };
}
