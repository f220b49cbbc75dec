import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Choose a new password" lead="Set a new password for your account.">
      <ComingNext items={['Reset form', ]} />
    </PageShell>
  );
}
