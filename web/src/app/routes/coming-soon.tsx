import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Coming Soon" lead="What we are building next.">
      <ComingNext items={['Roadmap', ]} />
    </PageShell>
  );
}
