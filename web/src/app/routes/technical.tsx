import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Technical Analysis" lead="Trend and momentum.">
      <ComingNext items={['Technical analysis', ]} />
    </PageShell>
  );
}
