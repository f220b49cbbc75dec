import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TrackRecordView, useTrackRecord } from '../../features/track-record/index.ts';

export default function TrackRecordPage() {
  const record = useTrackRecord();
  return (
    <PageShell
      title="Track record"
      lead="How the verdicts our engines gave turned out: how often each call held after 1, 3, 6 and 12 months, how many calls that rests on, and how sure that is. Every run counts."
    >
      {record.isPending ? (
        <Spinner label="Loading the track record" />
      ) : record.isError ? (
        <Alert tone="error" title="Could not load the track record">
          {(record.error as Error).message}
        </Alert>
      ) : (
        <TrackRecordView data={record.data} />
      )}
    </PageShell>
  );
}
