import { Trash2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDeleteValuation } from '../api/delete-valuation.ts';
import { useValuations, type ValuationResponse } from '../api/list-valuations.ts';
import { formatPct, formatPerShare } from '../format.ts';

/** The user's saved valuations: reopen restores the inputs; a written note opens on the /dcf page. */
export function SavedValuations({
  openId,
  onOpen,
  notePath,
}: {
  openId: string | null;
  onOpen: (v: ValuationResponse) => void;
  notePath: (v: ValuationResponse) => string;
}) {
  const list = useValuations(true);
  const remove = useDeleteValuation();
  return (
    <Card data-testid="dcf-saved-valuations">
      <CardHeader>
        <CardTitle>Your saved valuations</CardTitle>
        <CardDescription>Free to save and reopen. Values are as computed on the day you saved.</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Spinner label="Loading your valuations" />
        ) : list.isError ? (
          <Alert tone="error">{(list.error as Error).message}</Alert>
        ) : list.data.valuations.length === 0 ? (
          <p className="text-sm text-fg-muted">Nothing saved yet. Save a valuation to come back to its inputs later.</p>
        ) : (
          <ul className="divide-y divide-border-subtle">
            {list.data.valuations.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-fg">
                    {v.symbol}
                    {v.label ? ` · ${v.label}` : ''}
                    {v.id === openId && <span className="ml-2 rounded bg-brand-soft px-1.5 py-0.5 text-xs text-brand-fg">open</span>}
                  </p>
                  <p className="text-sm text-fg-muted tabular">
                    {formatPerShare(v.result.fair_value_per_share)} ({v.result.upside >= 0 ? '+' : '−'}
                    {formatPct(Math.abs(v.result.upside), 1)} vs {formatPerShare(v.result.price)}) · growth {formatPct(v.inputs.explicit_growth, 1)} · WACC{' '}
                    {formatPct(v.result.wacc)} · {new Date(v.created_at).toLocaleDateString()}
                  </p>
                </div>
                <div className="flex gap-2">
                  {v.analysis_id && (
                    <a className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-brand-fg hover:underline" href={notePath(v)}>
                      Written note
                    </a>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onOpen(v)}
                    aria-label={`Open ${v.symbol} valuation from ${new Date(v.created_at).toLocaleString()}`}
                  >
                    Open
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => remove.mutate(v.id)}
                    loading={remove.isPending && remove.variables === v.id}
                    aria-label={`Delete ${v.symbol} valuation from ${new Date(v.created_at).toLocaleString()}`}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {remove.isError && <Alert tone="error">{(remove.error as Error).message}</Alert>}
      </CardContent>
    </Card>
  );
}
