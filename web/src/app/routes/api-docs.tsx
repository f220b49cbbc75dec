import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="API Documentation" lead="The Stockpilot HTTP API.">
      <ComingNext items={['API reference', ]} />
    </PageShell>
  );
}
