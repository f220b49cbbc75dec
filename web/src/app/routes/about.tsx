import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="About Stockpilot" lead="Who we are.">
      <ComingNext items={['About', ]} />
    </PageShell>
  );
}
