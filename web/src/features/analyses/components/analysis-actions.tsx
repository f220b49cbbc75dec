import { Check, Copy, FileDown, FileSpreadsheet, Share2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useClipboardCopy } from '../../../lib/use-clipboard-copy.ts';
import { useCreateShare } from '../api/create-share.ts';
import { useDownloadAnalysisExport } from '../api/download-analysis-export.ts';
import type { AnalysisResponse } from '../api/run-analysis.ts';
import { SharedLinksList } from './shared-links.tsx';

/** The new link's URL with a copy button; the URL is shown only now (only a hash of its token is kept). */
function CreatedLink({ url }: { url: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  // No clipboard permission (or an old browser): select the text so Ctrl+C copies it.
  const { state, copy } = useClipboardCopy(url, { onFail: () => inputRef.current?.select() });
  const copied = state === 'copied';
  return (
    <div className="space-y-2" data-testid="share-created">
      <label htmlFor="share-url" className="block text-sm font-medium text-fg">
        Your link — copy it now, it is shown only once
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="share-url"
          ref={inputRef}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-lg border border-border-strong bg-surface-muted px-3 font-mono text-sm text-fg"
          data-testid="share-url"
        />
        <Button variant="secondary" onClick={() => void copy()} data-testid="share-copy">
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? 'Link copied' : ''}
      </p>
    </div>
  );
}

function ShareDialog({ analysis, open, onClose }: { analysis: AnalysisResponse; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const [showName, setShowName] = useState(false);
  const create = useCreateShare();
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <ModalDialog open={open} onClose={close} titleId={titleId} width="34rem" testId="share-dialog">
      <div className="space-y-4 p-5">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            Share this analysis
          </h2>
          <p className="mt-1 text-sm text-fg-secondary">
            Anyone with the link can read this {analysis.symbol} analysis without an account: the note, the charts and the facts. They cannot run anything.
            Revoke the link here or in Settings and it stops working at once.
          </p>
        </div>
        {create.data ? (
          <CreatedLink url={create.data.url} />
        ) : (
          <div className="space-y-3">
            <label className="flex items-start gap-2 text-sm text-fg">
              <input
                type="checkbox"
                checked={showName}
                onChange={(e) => setShowName(e.target.checked)}
                className="mt-0.5 size-4 accent-brand"
                data-testid="share-show-name"
              />
              <span>
                Show my name
                <span className="block text-fg-muted">Unticked, the page says only “Shared analysis”.</span>
              </span>
            </label>
            {create.isError && <Alert tone="error">{(create.error as Error).message}</Alert>}
            <Button
              variant="secondary"
              loading={create.isPending}
              onClick={() => create.mutate({ analysisId: analysis.id, showOwnerName: showName })}
              data-testid="share-create"
            >
              <Share2 className="size-4" aria-hidden />
              Create link
            </Button>
          </div>
        )}
        <div>
          <h3 className="text-sm font-semibold text-fg">Live links to this analysis</h3>
          {open && <SharedLinksList analysisId={analysis.id} />}
        </div>
        <div className="flex justify-end">
          <Button variant="outline" onClick={close}>
            Close
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

/** Export (PDF, CSV) and share actions for a finished analysis; exports are free, like re-opening. */
export function AnalysisActions({ analysis }: { analysis: AnalysisResponse }) {
  const [sharing, setSharing] = useState(false);
  const download = useDownloadAnalysisExport();
  const downloading = download.isPending ? download.variables.format : null;
  return (
    <div className="space-y-2" data-testid="analysis-actions">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          loading={downloading === 'pdf'}
          disabled={downloading !== null}
          onClick={() => download.mutate({ id: analysis.id, format: 'pdf' })}
          data-testid="download-pdf"
        >
          <FileDown className="size-4" aria-hidden />
          Download PDF
        </Button>
        <Button
          variant="outline"
          size="sm"
          loading={downloading === 'csv'}
          disabled={downloading !== null}
          onClick={() => download.mutate({ id: analysis.id, format: 'csv' })}
          data-testid="download-csv"
        >
          <FileSpreadsheet className="size-4" aria-hidden />
          Download CSV
        </Button>
        <Button variant="outline" size="sm" onClick={() => setSharing(true)} data-testid="share-open">
          <Share2 className="size-4" aria-hidden />
          Share
        </Button>
      </div>
      {download.isError && (
        <Alert tone="error" title="The download did not start">
          <span data-testid="download-error">{download.error.message}</span>
        </Alert>
      )}
      <ShareDialog analysis={analysis} open={sharing} onClose={() => setSharing(false)} />
    </div>
  );
}
