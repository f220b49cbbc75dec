import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Dev outbox" lead="Mails the app would have sent.">
      <ComingNext items={['Outbox', ]} />
    </PageShell>
  );
}
