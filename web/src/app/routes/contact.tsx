import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Contact" lead="How to reach us.">
      <ComingNext items={['Contact', ]} />
    </PageShell>
  );
}
