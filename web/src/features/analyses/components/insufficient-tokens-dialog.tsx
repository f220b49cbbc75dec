import { monthlyAllocationTokens, type Tier } from '../../../../../core/tokens/tiers.ts';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { formatTokens } from '../../../lib/format.ts';
import { formatCostTokens } from '../format-cost.ts';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';

/**
 * SPEC: not enough tokens → the cost, the balance and the way out: Free users upgrade (they cannot top
 * up), Basic and Pro top up. A native modal <dialog>: focus moves in, Escape closes, the page is inert.
 */
export function InsufficientTokensDialog({
  open,
  costMt,
  balance,
  tier,
  onClose,
}: {
  open: boolean;
  costMt: number;
  balance: number;
  tier: Tier;
  onClose: () => void;
}) {
  return (
    <ModalDialog open={open} onClose={onClose} titleId="insufficient-title" bodyId="insufficient-body" width="28rem" testId="insufficient-tokens-dialog">
      <div className="p-5">
        <h2 id="insufficient-title" className="text-lg font-semibold text-fg">
          Not enough tokens
        </h2>
        <div id="insufficient-body" className="mt-2 space-y-2 text-sm text-fg-secondary">
          <p>
            This analysis costs <strong className="tabular">{formatCostTokens(costMt)} tokens</strong> and your balance is{' '}
            <strong className="tabular" data-testid="insufficient-balance">
              {formatTokens(balance)}
            </strong>{' '}
            tokens. Nothing was charged.
          </p>
          <p>
            {tier === 'Free'
              ? `The Free plan cannot buy extra tokens: upgrade to Basic (${monthlyAllocationTokens.Basic} tokens a month) or Pro (${monthlyAllocationTokens.Pro}) to keep going, or wait for your monthly reset.`
              : 'Top up your balance; purchased tokens never expire.'}
          </p>
        </div>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {tier === 'Free' ? (
            <ButtonLink to="/pricing" variant="secondary">
              Upgrade your plan
            </ButtonLink>
          ) : (
            <ButtonLink to="/token-topup" variant="secondary">
              Top up tokens
            </ButtonLink>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
