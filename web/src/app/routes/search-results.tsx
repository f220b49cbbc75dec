import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Search results" lead="All matches.">
      <ComingNext items={['Results', ]} />
    </PageShell>
  );
}
