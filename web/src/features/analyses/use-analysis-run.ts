import { useEffect, useRef, useState } from 'react';
import type { AnalysisKind, FundamentalSubtype } from '../../../../core/analysis/analysis-types.ts';
import { ApiError } from '../../lib/api.ts';
import { type AnalysisProgressEvent, type AnalysisResponse, createIdempotencyKey, runAnalysis } from './api/run-analysis.ts';

type RunState = { status: 'idle' } | { status: 'running'; progress: AnalysisProgressEvent | null; done: string[] } | { status: 'failed'; error: ApiError };

/**
 * One priced run as every run button does it: a fresh idempotency key per click, progress from the
 * stream, the not-enough-tokens dialog on 402 (after re-reading the balance), the server's error
 * otherwise; a run still going when the component leaves is aborted (its hold released).
 */
export function useAnalysisRun({
  symbol,
  kind,
  subtype = null,
  onBalanceChanged,
  onSuccess,
}: {
  symbol: string;
  kind: AnalysisKind;
  subtype?: FundamentalSubtype | null;
  onBalanceChanged: () => void;
  onSuccess: (analysis: AnalysisResponse) => void;
}) {
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const [dialog, setDialog] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function start() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRun({ status: 'running', progress: null, done: [] });
    try {
      const result = await runAnalysis(
        { symbol, kind, ...(subtype ? { subtype } : {}) },
        {
          idempotencyKey: createIdempotencyKey(),
          signal: controller.signal,
          onProgress: (p) =>
            setRun((r) => (r.status === 'running' ? { status: 'running', progress: p, done: r.progress ? [...r.done, r.progress.label] : r.done } : r)),
        },
      );
      setRun({ status: 'idle' });
      onSuccess(result);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      const error = e instanceof ApiError ? e : new ApiError(0, 'UNKNOWN', (e as Error).message);
      setRun({ status: 'failed', error });
      if (error.code === 'INSUFFICIENT_TOKENS') {
        onBalanceChanged();
        setDialog(true);
      }
    }
  }

  return { run, start, dialog, closeDialog: () => setDialog(false) };
}
