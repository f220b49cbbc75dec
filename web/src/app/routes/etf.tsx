import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="ETF Analysis" lead="Holdings, costs and overlap.">
      <ComingNext items={['ETF analysis', ]} />
    </PageShell>
  );
}
