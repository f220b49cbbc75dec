import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cancelAccountDeletion, useAccountDeletion, useAccountDeletionMutation } from '../api/account-deletion.ts';
import { useDownloadAccountExport } from '../api/download-account-export.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Settings → Your data: download everything as one JSON file; delete the account (scheduled, cancellable). */
export function YourDataCard({ userId, email }: { userId: string | null; email: string }) {
  const download = useDownloadAccountExport();
  const deletion = useAccountDeletion(userId);
  const cancel = useAccountDeletionMutation(userId, cancelAccountDeletion);
  const [confirming, setConfirming] = useState(false);
  const status = deletion.data;
  // Scheduling or cancelling replaces the button that had focus: focus moves to the one that takes its place.
  const region = useRef<HTMLDivElement>(null);
  const scheduledFor = status?.scheduled_for ?? null;
  const shown = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!status) return;
    if (shown.current !== undefined && shown.current !== scheduledFor) region.current?.querySelector('button')?.focus();
    shown.current = scheduledFor;
  }, [status, scheduledFor]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Download a copy of everything Stockpilot stores about you, or delete your account.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-2">
          <p className="text-sm text-fg-secondary">
            One JSON file: your profile, analyses, copilot conversations, watchlists and alerts, saved screens and valuations, API keys (without the keys),
            token history and payments.
          </p>
          <Button variant="outline" loading={download.isPending} onClick={() => download.mutate()}>
            {download.isPending ? 'Preparing your file…' : 'Download my data'}
          </Button>
          <div aria-live="polite">
            {download.isSuccess && <p className="text-sm text-fg-muted">Your file has been downloaded.</p>}
            {download.error instanceof Error && <Alert tone="error">{download.error.message}</Alert>}
          </div>
        </div>

        <div ref={region} className="space-y-2 border-t border-border pt-4" aria-live="polite">
          {deletion.error instanceof Error && <Alert tone="error">{deletion.error.message}</Alert>}
          {status?.scheduled_for ? (
            <>
              <Alert tone="warning" title="Your account is scheduled for deletion">
                It will be deleted on <strong data-testid="deletion-date">{formatWhen(status.scheduled_for)}</strong>. Until then you can cancel, and everything
                stays as it is.
              </Alert>
              {cancel.error instanceof Error && <Alert tone="error">{cancel.error.message}</Alert>}
              <Button variant="outline" loading={cancel.isPending} onClick={() => cancel.mutate(undefined)}>
                Cancel deletion
              </Button>
            </>
          ) : (
            <>
              {cancel.isSuccess && <Alert tone="success">Deletion cancelled. Your account stays.</Alert>}
              <Button variant="destructive" disabled={!status} onClick={() => setConfirming(true)}>
                Delete my account
              </Button>
            </>
          )}
        </div>
        {status && (
          <DeleteAccountDialog
            open={confirming}
            onClose={() => {
              setConfirming(false);
              // After the dialog has handed focus back (its opener may have been replaced by "Cancel deletion").
              requestAnimationFrame(() => region.current?.querySelector('button')?.focus());
            }}
            userId={userId}
            email={email}
            status={status}
          />
        )}
      </CardContent>
    </Card>
  );
}
