import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

export default function Page() {
  return (
    <PageShell title="Profile" lead="Your name and picture.">
      <ComingNext items={['Profile form', ]} />
    </PageShell>
  );
}
