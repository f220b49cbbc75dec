import { useParams } from 'react-router';
import { ANALYSIS_DISCLAIMER, describeAnalysisKind } from '../../../../core/analysis/analysis-names.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AnalysisBody, useSharedAnalysis } from '../../features/analyses/index.ts';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';

function SignUpCard() {
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-secondary">Stockpilot computes every figure from dated data, then writes a note that uses only those figures.</p>
        <ButtonLink to="/signup" variant="secondary">
          Sign up to run your own
        </ButtonLink>
      </CardContent>
    </Card>
  );
}

/** `/s/:token`: a shared analysis, read-only and readable without an account; kept out of search engines. */
export default function SharedAnalysisPage() {
  const { token = '' } = useParams();
  const shared = useSharedAnalysis(token);
  // Kept out of search engines by the server: the page's head says "noindex, nofollow" (core/site/pages.ts) and the
  // X-Robots-Tag header the same, for crawlers that read headers only.

  if (shared.isPending) {
    return <Spinner label="Loading the shared analysis..." />;
  }
  if (shared.isError) {
    const missing = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <PageShell title={missing ? 'Shared analysis not found' : 'The shared analysis could not be loaded'} width="narrow">
        <div className="space-y-6" data-testid="shared-analysis-missing">
          {/* The page's own content, not a passing status: no role=status for a message that never goes away. */}
          {missing ? (
            <p className="text-fg-secondary">This link does not exist or its owner revoked it.</p>
          ) : (
            <Alert tone="error">{(shared.error as Error).message}</Alert>
          )}
          <SignUpCard />
        </div>
      </PageShell>
    );
  }
  const a = shared.data;
  return (
    <PageShell
      title={`${a.symbol} · ${describeAnalysisKind(a.kind, a.subtype)}`}
      lead={
        <>
          <Badge tone="brand" className="mr-2 align-middle" data-testid="shared-label">
            Shared analysis
          </Badge>
          {a.owner_name ? <span data-testid="shared-owner">Shared by {a.owner_name}. </span> : null}
          Run on {formatDate(a.created_at)}, on data as of {a.as_of}. Read-only.
        </>
      }
    >
      <div className="space-y-6" data-testid="shared-analysis">
        <AnalysisBody analysis={a} />
        <p className="text-sm text-fg-muted" data-testid="shared-disclaimer">
          {ANALYSIS_DISCLAIMER}
        </p>
        <SignUpCard />
      </div>
    </PageShell>
  );
}
