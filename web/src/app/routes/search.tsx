import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Search" lead="Find a stock or ETF.">
      <ComingNext items={['Search', ]} />
    </PageShell>
  );
}
