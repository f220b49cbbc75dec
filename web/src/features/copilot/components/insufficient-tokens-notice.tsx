import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { formatTokens } from '../../../lib/format.ts';
import { type CopilotAccount, formatCost } from '../copilot-account.ts';

/** 402: what a question costs, the balance, and the way to more tokens (plans for Free, top-up for paid plans). */
export function InsufficientTokensNotice({ account, costMt }: { account: CopilotAccount; costMt: number | null }) {
  return (
    <Alert tone="warning" title="Not enough tokens" className="mt-3">
      <p data-testid="copilot-402">
        A question costs {costMt === null ? 'a fraction of a token' : `${formatCost(costMt)} tokens`} and your balance is {formatTokens(account.balance)}{' '}
        tokens. Nothing was charged.
      </p>
      <p className="mt-2">
        {account.tier === 'Free' ? (
          <>
            The Free plan cannot buy extra tokens.{' '}
            <ButtonLink to="/pricing" variant="link">
              See plans
            </ButtonLink>
          </>
        ) : (
          <>
            <ButtonLink to="/token-topup" variant="link">
              Top up your balance
            </ButtonLink>{' '}
            or{' '}
            <ButtonLink to="/token-pricing" variant="link">
              see token prices
            </ButtonLink>
          </>
        )}
      </p>
    </Alert>
  );
}
