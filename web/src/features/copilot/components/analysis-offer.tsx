import { ButtonLink } from '../../../components/ui/button.tsx';
import type { CopilotAnswer } from '../api/ask-copilot.ts';

type Offer = NonNullable<CopilotAnswer['offer']>;

/** A summary of an analysis the user does not own for the day: the full analysis on its page, with its price. */
export function AnalysisOffer({ offer }: { offer: Offer }) {
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-fg-secondary" data-testid="copilot-analysis-offer">
      <ButtonLink to={offer.href} variant="secondary" size="sm">
        Run the full {offer.name} of {offer.symbol}
      </ButtonLink>
      <span className="text-xs text-fg-muted">
        {/* A price as the price list writes it (1.2, not 1.200). */}
        {offer.cost_tokens} {offer.cost_tokens === 1 ? 'token' : 'tokens'}
      </span>
    </p>
  );
}
