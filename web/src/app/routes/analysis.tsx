import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Choose an analysis" lead="Pick what to run.">
      <ComingNext items={['Analysis selection', ]} />
    </PageShell>
  );
}
