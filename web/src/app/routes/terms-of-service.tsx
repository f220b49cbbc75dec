import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Terms of Service" lead="The rules for using Stockpilot.">
      <ComingNext items={['Terms', ]} />
    </PageShell>
  );
}
