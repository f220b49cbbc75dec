import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Sign in" lead="Welcome back.">
      <ComingNext items={['Sign-in form', ]} />
    </PageShell>
  );
}
