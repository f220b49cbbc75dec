import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Settings" lead="Password and account.">
      <ComingNext items={['Settings', ]} />
    </PageShell>
  );
}
