import { Play } from 'lucide-react';
import type { AnalysisKind } from '../../../../../core/analysis/analysis-types.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { AnalysisResponse } from '../api/run-analysis.ts';
import { describeRunButton } from '../format-cost.ts';
import { useAnalysisRun } from '../use-analysis-run.ts';
import type { RunnerAccount } from './analysis-runner.tsx';
import { InsufficientTokensDialog } from './insufficient-tokens-dialog.tsx';

/**
 * The priced run button on its own, for places that list many symbols (the comparison): the same run
 * flow and not-enough-tokens dialog as an analysis page, the step in progress beside it, and the
 * server's message when it fails. `context` ("technical, MSFT") completes its accessible name.
 */
export function RunAnalysisButton({
  symbol,
  kind,
  account,
  context,
  onDone,
}: {
  symbol: string;
  kind: AnalysisKind;
  account: RunnerAccount;
  context: string;
  onDone: (analysis: AnalysisResponse) => void;
}) {
  const { run, start, dialog, closeDialog } = useAnalysisRun({
    symbol,
    kind,
    onBalanceChanged: account.onBalanceChanged,
    onSuccess: (analysis) => {
      account.onBalanceChanged();
      onDone(analysis);
    },
  });
  const label = account.costMt === null ? 'Run analysis' : describeRunButton(account.costMt);
  const running = run.status === 'running';
  return (
    // Positioned: its screen-reader-only status stays inside a scrolling table instead of widening the page.
    <div className="relative flex flex-col items-start gap-1">
      <Button
        variant="outline"
        size="sm"
        onClick={() => void start()}
        loading={running}
        disabled={account.costMt === null}
        aria-label={`${label}: ${context}`}
        className="h-auto min-h-8 whitespace-normal py-1 text-left"
        data-testid={`run-${kind}-${symbol}`}
      >
        {!running && <Play className="size-3.5" aria-hidden />}
        {label}
      </Button>
      <p className={running ? 'text-xs text-fg-muted' : 'sr-only'} aria-live="polite">
        {running ? (run.progress ? `${run.progress.label}…` : 'Starting…') : ''}
      </p>
      {run.status === 'failed' && run.error.code !== 'INSUFFICIENT_TOKENS' && (
        <p className="text-xs text-negative" role="alert">
          {run.error.message} Nothing was charged.
        </p>
      )}
      {account.costMt !== null && (
        <InsufficientTokensDialog open={dialog} costMt={account.costMt} balance={account.balance} tier={account.tier} onClose={closeDialog} />
      )}
    </div>
  );
}
