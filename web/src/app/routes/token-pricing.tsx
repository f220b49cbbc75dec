import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Token Pricing" lead="Purchase additional analysis tokens">
      <ComingNext items={['Token pricing', ]} />
    </PageShell>
  );
}
