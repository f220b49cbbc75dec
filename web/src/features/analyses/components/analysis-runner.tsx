import { useQueryClient } from '@tanstack/react-query';
import { Check, Play, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AnalysisKind, FundamentalSubtype } from '../../../../../core/analysis/analysis-types.ts';
import type { Tier } from '../../../../../core/tokens/tiers.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useAnalysis } from '../api/get-analysis.ts';
import { useAnalysesList } from '../api/list-analyses.ts';
import type { AnalysisResponse } from '../api/run-analysis.ts';
import { describeRunButton } from '../format-cost.ts';
import { useAnalysisRun } from '../use-analysis-run.ts';
import { AnalysisActions } from './analysis-actions.tsx';
import { AnalysisAttribution } from './analysis-attribution.tsx';
import { AnalysisNote } from './analysis-note.tsx';
import { AnalysisTrackRecord } from './analysis-track-record.tsx';
import { FactsTable } from './facts-table.tsx';
import { InsufficientTokensDialog } from './insufficient-tokens-dialog.tsx';

/** The query parameter that holds the analysis on screen, so a reload or a dashboard link re-opens it (free). */
export const ANALYSIS_PARAM = 'analysis';

/** What the run flow needs from the account (composed in the app from the auth and tokens features). */
export interface RunnerAccount {
  userId: string | null;
  /** Available tokens, 3 decimals. */
  balance: number;
  tier: Tier;
  /** The kind's cost from GET /api/token-costs, null until it arrives. */
  costMt: number | null;
  /** Called after a charge or a 402: re-read the balance and the usage. */
  onBalanceChanged: () => void;
}

/**
 * The run flow every analysis page shares: the priced button, progress from the stream, the "you ran
 * this today" offer, the not-enough-tokens dialog, errors with the server's message, then the note,
 * the kind's own views (`children`) and the facts.
 */
export function AnalysisRunner({
  symbol,
  kind,
  subtype = null,
  account,
  children,
}: {
  symbol: string;
  kind: AnalysisKind;
  subtype?: FundamentalSubtype | null;
  account: RunnerAccount;
  children: (analysis: AnalysisResponse) => ReactNode;
}) {
  const { userId, costMt } = account;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const openId = params.get(ANALYSIS_PARAM);
  const opened = useAnalysis(openId);
  const [fresh, setFresh] = useState<AnalysisResponse | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const sameDay = useAnalysesList(userId, { symbol, kind, subtype: subtype ?? undefined, as_of: 'current', limit: 1 });

  // A fresh result shows at once: the URL catches up in a transition, which must not hold the result back.
  const shown = fresh ?? opened.data ?? null;
  // Another analysis opened through the URL (a link, "Open it free") replaces the fresh one.
  useEffect(() => setFresh((f) => (f && openId !== null && f.id !== openId ? null : f)), [openId]);
  const matches = (a: AnalysisResponse | null) => a !== null && a.symbol === symbol && a.kind === kind && (a.subtype ?? null) === (subtype ?? null);
  const analysis = matches(shown) ? shown : null;
  const saved = sameDay.data?.analyses[0] ?? null;

  const show = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(ANALYSIS_PARAM, id);
        return next;
      },
      { replace: true },
    );

  const { run, start, dialog, closeDialog } = useAnalysisRun({
    symbol,
    kind,
    subtype,
    onBalanceChanged: account.onBalanceChanged,
    onSuccess: (result) => {
      queryClient.setQueryData(['analyses', 'one', result.id], result);
      setFresh(result);
      // The result paints first; the URL, the balance and the history catch up in the frame after.
      requestAnimationFrame(() => {
        resultRef.current?.querySelector<HTMLElement>('[data-testid="analysis-headline"]')?.focus();
        setTimeout(() => {
          show(result.id);
          account.onBalanceChanged();
          void queryClient.invalidateQueries({ queryKey: ['analyses', userId, 'list'] });
        }, 0);
      });
    },
  });

  const running = run.status === 'running';
  const label = costMt === null ? 'Run analysis' : describeRunButton(costMt);
  const offerSaved = saved !== null && !analysis && !running;

  return (
    <div className="space-y-6" data-testid={`analysis-runner-${kind}`}>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-start sm:justify-between">
          <div className="text-sm text-fg-secondary">
            {analysis ? (
              <p>
                Saved analysis from {formatDate(analysis.created_at)}, on data as of {analysis.as_of}. Re-opening it is free.
              </p>
            ) : offerSaved ? (
              <p data-testid="ran-today-offer">
                <strong className="text-fg">You ran this today — open it free, or run again.</strong> Your saved analysis uses the same data day ({saved.as_of}
                ).
              </p>
            ) : (
              <p>Computes every figure from the data, then writes a note that uses only those figures. Charged only when it finishes.</p>
            )}
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {offerSaved && (
              <Button variant="outline" onClick={() => show(saved.id)}>
                Open it free
              </Button>
            )}
            <Button variant="secondary" onClick={() => void start()} loading={running} disabled={costMt === null} data-testid="run-analysis">
              {analysis || offerSaved ? <RotateCcw className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
              {analysis || offerSaved ? label.replace('Run analysis', 'Run again') : label}
            </Button>
          </div>
        </CardContent>
        <div className="px-5 pb-4 empty:hidden">
          {running && (
            <ol className="flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label="Progress">
              {run.done.map((d) => (
                <li key={d} className="flex items-center gap-1 text-positive-strong">
                  <Check className="size-4" aria-hidden />
                  {d}
                </li>
              ))}
              {run.progress && (
                <li className="flex items-center gap-1 font-medium text-fg" aria-current="step">
                  <span className="size-3 animate-spin rounded-full border-2 border-brand border-t-transparent" aria-hidden />
                  {run.progress.label} ({run.progress.index} of {run.progress.total})
                </li>
              )}
            </ol>
          )}
          {/* Announces each step, then the outcome, to screen readers (no role=status: it never goes away, unlike a loading state). */}
          <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="run-status">
            {running
              ? run.progress
                ? `${run.progress.label}, step ${run.progress.index} of ${run.progress.total}`
                : 'Starting the analysis'
              : analysis
                ? 'Analysis ready'
                : ''}
          </p>
          {run.status === 'failed' && run.error.code !== 'INSUFFICIENT_TOKENS' && (
            <Alert tone="error" title="The analysis did not run" className="mt-1">
              {run.error.message} Nothing was charged.
            </Alert>
          )}
          {opened.isError && (
            <Alert tone="warning" title="That saved analysis could not be opened" className="mt-1">
              {(opened.error as Error).message}
            </Alert>
          )}
        </div>
      </Card>
      {costMt !== null && <InsufficientTokensDialog open={dialog} costMt={costMt} balance={account.balance} tier={account.tier} onClose={closeDialog} />}
      {analysis && (
        <div ref={resultRef} className="space-y-6" data-testid="analysis-result">
          <AnalysisNote note={analysis.note} facts={analysis.facts} asOf={analysis.as_of} />
          <AnalysisActions analysis={analysis} />
          <AnalysisAttribution analysis={analysis} />
          {children(analysis)}
          <AnalysisTrackRecord analysis={analysis} />
          <FactsTable facts={analysis.facts} />
        </div>
      )}
    </div>
  );
}
