import { Alert } from '../../../components/ui/alert.tsx';
import { formatTokens } from '../../../lib/format.ts';
import { useTokenCosts } from '../api/get-token-costs.ts';

/** The usage guide: what each action costs, from `GET /api/token-costs`. */
export function UsageGuide({ className }: { className?: string }) {
  const costs = useTokenCosts();
  if (costs.isPending)
    return (
      <ul className={className} aria-busy="true" aria-label="Loading token costs">
        {['a', 'b', 'c', 'd', 'e'].map((k) => (
          <li key={k} className="my-2 h-5 animate-pulse rounded bg-surface-subtle" />
        ))}
      </ul>
    );
  if (costs.isError) return <Alert tone="error">Could not load the token costs. {costs.error.message}</Alert>;
  return (
    <ul className={className} data-testid="usage-guide">
      {costs.data.costs.map((c) => (
        <li key={c.action} className="flex items-center justify-between gap-3 border-b border-border-subtle py-2 text-sm last:border-0">
          <span className="text-fg-secondary">{c.name}</span>
          <span className="font-medium text-fg tabular">{formatTokens(c.tokens)}</span>
        </li>
      ))}
    </ul>
  );
}
