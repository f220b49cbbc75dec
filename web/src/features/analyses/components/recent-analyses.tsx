import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useAnalysesList } from '../api/list-analyses.ts';
import { buildAnalysisPath, describeAnalysisKind } from '../analysis-path.ts';

/** The user's latest analyses, each a link that re-opens it on its page (free). */
export function RecentAnalyses({ userId, limit = 8 }: { userId: string | null; limit?: number }) {
  const list = useAnalysesList(userId, { limit });
  if (list.isPending) return <div className="h-24 animate-pulse rounded-lg bg-surface-subtle" role="status" aria-busy="true" aria-label="Loading analyses" />;
  if (list.isError) return <Alert tone="error">Could not load your analyses. {(list.error as Error).message}</Alert>;
  const rows = list.data.analyses;
  if (rows.length === 0)
    return (
      <p className="text-sm text-fg-muted" data-testid="recent-analyses-empty">
        No analyses yet. Search a symbol and choose an analysis; the ones you run appear here.
      </p>
    );
  return (
    <ul className="divide-y divide-border-subtle" data-testid="recent-analyses">
      {rows.map((a) => (
        <li key={a.id}>
          <Link to={buildAnalysisPath(a)} className="flex flex-col gap-0.5 py-2.5 hover:bg-surface-muted sm:flex-row sm:items-baseline sm:gap-3">
            <span className="shrink-0 font-semibold text-fg">
              {a.symbol} <span className="font-normal text-fg-muted">· {describeAnalysisKind(a.kind, a.subtype)}</span>
            </span>
            <span className="min-w-0 flex-1 truncate text-sm text-fg-secondary">{a.headline}</span>
            <span className="shrink-0 text-xs text-fg-muted">
              {formatDate(a.created_at)} · data {a.as_of}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
