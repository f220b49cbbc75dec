import { type FormEvent, useId, useState } from 'react';
import { computeOverlap } from '../../../../core/analysis/etf/overlap.ts';
import { normalizeSymbol } from '../../../../core/market/symbol.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { type EtfResponse, useEtfInfo } from '../../features/market/index.ts';

type Common = Extract<ReturnType<typeof computeOverlap>, { ok: true }>['value']['common'][number];

const pct = (fraction: number) => `${(fraction * 100).toFixed(2)} %`;

/** How much of this fund another one also holds: Σ min(weight here, weight there) over the common holdings. */
function OverlapResult({ etf, other }: { etf: EtfResponse; other: string }) {
  const info = useEtfInfo(other, true);
  if (info.isPending) return <Spinner />;
  if (info.isError) return <Alert tone="warning">{(info.error as Error).message}</Alert>;
  const r = computeOverlap(etf.holdings, info.data.holdings);
  if (!r.ok) return <Alert tone="info">{`${other}: ${r.error.message}`}</Alert>;
  const o = r.value;
  return (
    <div data-testid="etf-overlap">
      <p className="text-sm text-fg-secondary">
        <strong className="text-fg">
          {etf.symbol} and {other} overlap by {pct(o.overlap)}
        </strong>{' '}
        of their weight: {o.commonCount} common holdings out of {o.holdingCountA} and {o.holdingCountB}.
      </p>
      {o.common.length > 0 && (
        <DataTable
          columns={[
            {
              id: 'holding',
              header: 'Holding',
              rowHeader: true,
              cell: (c: Common) => (
                <>
                  {c.symbol} <span className="text-fg-muted">{c.name}</span>
                </>
              ),
            },
            { id: 'a', header: `In ${etf.symbol}`, numeric: true, cell: (c) => pct(c.weightA) },
            { id: 'b', header: `In ${other}`, numeric: true, cell: (c) => pct(c.weightB) },
            { id: 'overlap', header: 'Overlap', numeric: true, cell: (c) => pct(c.overlapWeight) },
          ]}
          rows={o.common.slice(0, 10)}
          rowKey={(c) => c.symbol}
          caption="Largest common holdings"
          className="mt-3"
          tableClassName="min-w-[24rem] tabular"
          cellClassName="py-1.5 pr-3 last:pr-0"
          rowClassName="border-b border-border-subtle"
        />
      )}
    </div>
  );
}

/** The overlap picker: another fund's symbol in, the overlap of holdings out (free: computed in the browser from both funds' holdings). */
export function EtfOverlapPicker({ etf }: { etf: EtfResponse }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [other, setOther] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = normalizeSymbol(text);
    if (!n.ok) return setError(`“${text}” is not a valid symbol.`);
    if (n.symbol === etf.symbol) return setError('Choose a different fund to compare with.');
    setError(null);
    setOther(n.symbol);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Overlap with another ETF</CardTitle>
        <CardDescription>How much of the two funds' money sits in the same companies. Needs holdings for both funds.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-fg-secondary">
              Compare with
            </label>
            <input
              id={inputId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={etf.symbol === 'QQQ' ? 'SPY' : 'QQQ'}
              className="mt-1 h-10 w-32 rounded-lg border border-border-strong px-3 text-sm uppercase"
              aria-invalid={error !== null}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
          </div>
          <Button type="submit" variant="outline">
            Compare
          </Button>
        </form>
        {error && (
          <p id={`${inputId}-error`} className="text-sm text-negative">
            {error}
          </p>
        )}
        {other && <OverlapResult etf={etf} other={other} />}
      </CardContent>
    </Card>
  );
}
