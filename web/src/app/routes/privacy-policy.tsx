import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Privacy Policy" lead="What we collect and why.">
      <ComingNext items={['Privacy', ]} />
    </PageShell>
  );
}
