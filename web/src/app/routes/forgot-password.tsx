import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Forgot password" lead="We will e-mail you a reset link.">
      <ComingNext items={['Reset request form', ]} />
    </PageShell>
  );
}
