import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="AI Copilot" lead="Ask questions about stocks.">
      <ComingNext items={['Copilot']} />
    </PageShell>
  );
}
