import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { buildAnalysisPath, describeAnalysisKind } from '../analysis-path.ts';
import { type AnalysisShare, useShares } from '../api/list-shares.ts';
import { useRevokeShare } from '../api/revoke-share.ts';

function describeViews(s: AnalysisShare): string {
  if (s.view_count === 0) return 'Not opened yet';
  const times = s.view_count === 1 ? '1 view' : `${s.view_count} views`;
  return `${times}, last ${formatDate(s.last_viewed_at)}`;
}

/** Live share links with a confirmed "Revoke" each; every link of the user, or one analysis's. */
export function SharedLinksList({ analysisId }: { analysisId: string | null }) {
  const shares = useShares(analysisId);
  const revoke = useRevokeShare();
  if (shares.isPending) return <p className="text-sm text-fg-muted">Loading your links…</p>;
  if (shares.isError) return <Alert tone="error">Your shared links could not be loaded: {(shares.error as Error).message}</Alert>;
  const list = shares.data.shares;
  if (list.length === 0) {
    return (
      <p className="text-sm text-fg-muted" data-testid="shared-links-empty">
        {analysisId ? 'No live links to this analysis.' : 'You have not shared any analysis. Use "Share" on an analysis to make a read-only link.'}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border-subtle" data-testid="shared-links">
      {list.map((s) => {
        const name = `${s.analysis.symbol} · ${describeAnalysisKind(s.analysis.kind, s.analysis.subtype)}`;
        return (
          <li key={s.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="shared-link">
            <div className="min-w-0 text-sm">
              {analysisId === null && (
                <Link to={buildAnalysisPath(s.analysis)} className="font-medium text-brand-fg hover:underline">
                  {name}
                </Link>
              )}
              <p className="text-fg-secondary">
                <span className="font-mono">/s/{s.token_prefix}…</span> · created {formatDate(s.created_at)} ·{' '}
                {s.show_owner_name ? 'shows your name' : 'name hidden'}
              </p>
              <p className="text-fg-muted">{describeViews(s)}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              loading={revoke.isPending && revoke.variables === s.id}
              aria-label={`Revoke the link /s/${s.token_prefix}… to ${name}`}
              onClick={() => {
                if (!window.confirm(`Revoke the link /s/${s.token_prefix}…? Anyone who opens it will see "not found" at once.`)) return;
                revoke.mutate(s.id, {
                  onSuccess: () => toast.success('Link revoked', { description: 'It no longer opens the analysis.' }),
                  onError: (e) => toast.error('The link was not revoked', { description: (e as Error).message }),
                });
              }}
            >
              Revoke
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** Settings: every live share link of the user, with revoke. */
export function SharedLinksCard() {
  return (
    <Card data-testid="shared-links-card">
      <CardHeader>
        <CardTitle>Shared links</CardTitle>
        <CardDescription>Read-only links to your analyses. Anyone with a link can read it without an account until you revoke it.</CardDescription>
      </CardHeader>
      <CardContent>
        <SharedLinksList analysisId={null} />
      </CardContent>
    </Card>
  );
}
