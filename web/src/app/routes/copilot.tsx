import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { suggestQuestions } from '../../../../core/copilot/question-types.ts';
import { normalizeSymbol } from '../../../../core/market/symbol.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { type CopilotAccount, CopilotChat } from '../../features/copilot/index.ts';
import { useProfile } from '../../features/market/index.ts';
import { useSubscription, useTokenCosts } from '../../features/tokens/index.ts';

/**
 * /copilot, composed with the account (balance, plan, the copilot's cost from the token-costs table) and,
 * from "Ask about AAPL" links (`?symbol=AAPL`), questions suggested for that symbol.
 */
export default function Page() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const subscription = useSubscription();
  const costs = useTokenCosts();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const raw = params.get('symbol');
  const n = raw ? normalizeSymbol(raw) : null;
  const symbol = n?.ok ? n.symbol : null;
  const profile = useProfile(symbol ?? '', symbol !== null);
  const suggestions = symbol ? suggestQuestions({ symbol, type: profile.data?.type === 'etf' ? 'etf' : 'stock' }) : undefined;
  const account: CopilotAccount = {
    userId,
    balance: subscription.tokenBalance,
    tier: subscription.subscriptionTier,
    costMt: costs.data?.costs.find((c) => c.action === 'copilot')?.cost_mt ?? null,
    onBalanceChanged: () => {
      void subscription.refresh();
      void queryClient.invalidateQueries({ queryKey: ['tokens', userId] });
    },
  };
  return (
    <PageShell
      title="AI Copilot"
      lead={
        symbol
          ? `Ask about ${symbol}: figures, signals, valuation and terms, each answer citing the analysis it comes from.`
          : 'Ask about stocks, funds and terms; each answer cites the analysis its figures come from.'
      }
      width="wide"
    >
      <CopilotChat key={symbol ?? ''} account={account} suggestions={suggestions} prefill={suggestions?.[0]} />
    </PageShell>
  );
}
