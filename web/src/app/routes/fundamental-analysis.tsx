import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Fundamental Analysis" lead="Profitability, growth and health.">
      <ComingNext items={['Fundamental analysis', ]} />
    </PageShell>
  );
}
