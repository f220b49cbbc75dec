import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Quick Overview" lead="A quick look at a stock.">
      <ComingNext items={['Overview', ]} />
    </PageShell>
  );
}
