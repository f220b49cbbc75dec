import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { HOLDINGS_CSV_HEADER, MAX_HOLDINGS } from '../../../../../core/portfolio/holdings-input.ts';
import type { SmartYieldBody } from '../../../../../server/features/smart-yield/smart-yield.routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { readSavedHoldings, type SavedHoldings, saveHoldings } from '../holdings-storage.ts';
import { readTypedNumber } from '../typed-number.ts';

const CSV_EXAMPLE = `${HOLDINGS_CSV_HEADER}\nKO,40,46.25\nPEP,10,150\nO,120`;

/** The request for what is on screen: rows as typed (the server checks them), or the CSV as pasted. */
function toBody(v: SavedHoldings): SmartYieldBody {
  if (v.mode === 'csv') return { csv: v.csv };
  const rows = v.rows.filter((r) => r.symbol.trim() || r.shares.trim() || r.cost.trim());
  return {
    holdings: rows.map((r) => ({
      symbol: r.symbol,
      // Empty or unreadable counts go as 0: the server names the row ("shares must be greater than 0").
      shares: readTypedNumber(r.shares),
      cost_per_share: r.cost.trim() === '' ? null : readTypedNumber(r.cost),
    })),
  };
}

/** Holdings entered as rows or pasted as CSV; kept in this browser only. */
export function HoldingsEditor({ onSubmit, pending, error }: { onSubmit: (body: SmartYieldBody) => void; pending: boolean; error: string | null }) {
  const [v, setV] = useState<SavedHoldings>(readSavedHoldings);
  const csvId = useId();
  const hintId = useId();
  const errorId = useId();
  const update = (next: SavedHoldings) => {
    setV(next);
    saveHoldings(next);
  };
  const setRow = (i: number, field: 'symbol' | 'shares' | 'cost', value: string) =>
    update({ ...v, rows: v.rows.map((r, k) => (k === i ? { ...r, [field]: value } : r)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(toBody(v));
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-describedby={error ? errorId : undefined} data-testid="holdings-editor">
      {/* Two ways to enter the same holdings: tabs (the other panel keeps what was typed in it). */}
      <Tabs
        label="How to enter holdings"
        selectedId={v.mode}
        onSelect={(mode) => update({ ...v, mode })}
        panelClassName="mt-4"
        items={[
          {
            id: 'rows',
            label: 'Enter rows',
            panel: (
              <div className="space-y-2">
                {v.rows.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their position while typed
                  <div key={i} className="grid grid-cols-[1fr_1fr_1fr_auto] items-end gap-2">
                    <div className="flex flex-col gap-1">
                      <Label htmlFor={`h-sym-${i}`} className={i > 0 ? 'sr-only' : ''}>
                        Symbol
                      </Label>
                      <Input
                        id={`h-sym-${i}`}
                        value={r.symbol}
                        onChange={(e) => setRow(i, 'symbol', e.target.value)}
                        placeholder="KO"
                        autoCapitalize="characters"
                      />
                    </div>
                    <div className="flex flex-col gap-1">
                      <Label htmlFor={`h-sh-${i}`} className={i > 0 ? 'sr-only' : ''}>
                        Shares
                      </Label>
                      <Input id={`h-sh-${i}`} value={r.shares} onChange={(e) => setRow(i, 'shares', e.target.value)} placeholder="40" inputMode="decimal" />
                    </div>
                    <div className="flex flex-col gap-1">
                      <Label htmlFor={`h-cost-${i}`} className={i > 0 ? 'sr-only' : ''}>
                        Cost / share (optional)
                      </Label>
                      <Input id={`h-cost-${i}`} value={r.cost} onChange={(e) => setRow(i, 'cost', e.target.value)} placeholder="46.25" inputMode="decimal" />
                    </div>
                    <Button
                      variant="ghost"
                      aria-label={`Remove row ${i + 1}`}
                      onClick={() => update({ ...v, rows: v.rows.length > 1 ? v.rows.filter((_, k) => k !== i) : [{ symbol: '', shares: '', cost: '' }] })}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </div>
                ))}
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => update({ ...v, rows: [...v.rows, { symbol: '', shares: '', cost: '' }] })}
                  disabled={v.rows.length >= MAX_HOLDINGS}
                >
                  <Plus className="size-4" aria-hidden /> Add holding
                </Button>
              </div>
            ),
          },
          {
            id: 'csv',
            label: 'Paste CSV',
            panel: (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={csvId}>Holdings as CSV</Label>
                <textarea
                  id={csvId}
                  value={v.csv}
                  onChange={(e) => update({ ...v, csv: e.target.value })}
                  rows={8}
                  spellCheck={false}
                  placeholder={CSV_EXAMPLE}
                  aria-describedby={hintId}
                  className="w-full rounded-lg border border-border-strong bg-surface p-3 font-mono text-sm shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted"
                />
                <p id={hintId} className="text-xs text-fg-muted">
                  One holding per line: <code className="rounded bg-surface-subtle px-1">{HOLDINGS_CSV_HEADER}</code>. The header line is optional, cost is
                  optional, fractional shares are fine. A symbol on several lines is merged (shares summed, cost averaged). Up to {MAX_HOLDINGS} holdings.
                </p>
              </div>
            ),
          },
        ]}
      />

      {error && (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border border-negative-muted bg-negative-soft px-4 py-3 text-sm text-negative-strong"
          data-testid="holdings-error"
        >
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={pending}>
          Analyse portfolio
        </Button>
        <span className="text-xs text-fg-muted">Free. Your holdings stay in this browser; nothing is saved on our servers.</span>
      </div>
    </form>
  );
}
