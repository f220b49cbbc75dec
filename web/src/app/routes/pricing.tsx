import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Pricing" lead="Free, Basic and Pro plans with monthly tokens.">
      <ComingNext items={['Plans and token packages', ]} />
    </PageShell>
  );
}
