import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Dashboard" lead="Your tokens, plan and recent analyses.">
      <ComingNext items={['Dashboard', ]} />
    </PageShell>
  );
}
