import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Create your account" lead="Start with 10 free tokens.">
      <ComingNext items={['Sign-up form', ]} />
    </PageShell>
  );
}
