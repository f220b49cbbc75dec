import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Top Up Your Tokens" lead="Buy more tokens.">
      <ComingNext items={['Top-up', ]} />
    </PageShell>
  );
}
