import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Stock analysis you can trust, paid per use" lead="Stockpilot runs AI-assisted analyses on real market data.">
      <ComingNext items={['Home page content', ]} />
    </PageShell>
  );
}
