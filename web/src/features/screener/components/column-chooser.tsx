import { Columns3 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { CATEGORY_LABELS, FIELD_CATEGORIES, SCREENER_FIELDS } from '../../../../../core/screener/fields.ts';
import { MAX_COLUMNS } from '../screen-query.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';

/** Which fields the table shows, in the order they were picked; Escape or a click outside closes it. */
export function ColumnChooser({ columns, onChange }: { columns: readonly string[]; onChange: (columns: string[] | null) => void }) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, () => setOpen(false), [root]);
  const needle = q.trim().toLowerCase();
  const full = columns.length >= MAX_COLUMNS;
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-9 items-center gap-2 rounded-lg border border-border-strong bg-surface px-3 text-sm font-medium hover:bg-surface-subtle"
      >
        <Columns3 className="size-4" aria-hidden />
        Columns ({columns.length})
      </button>
      {open && (
        <fieldset
          id={panelId}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setOpen(false);
              button.current?.focus();
            }
          }}
          className="absolute right-0 z-30 mt-2 flex max-h-[70vh] w-[min(22rem,calc(100vw-2rem))] flex-col rounded-xl border border-border bg-surface shadow-lg"
        >
          <legend className="sr-only">Choose columns</legend>
          <div className="border-b border-border-subtle p-2">
            <input
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              aria-label="Find a column"
              placeholder="Find a column"
              className="h-9 w-full rounded-md border border-border-strong px-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted"
            />
            <p className="mt-1.5 text-xs text-fg-muted" aria-live="polite">
              {columns.length} of at most {MAX_COLUMNS} shown{full ? ': untick one to add another' : ''}.
            </p>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            {FIELD_CATEGORIES.map((c) => {
              const fields = SCREENER_FIELDS.filter((f) => f.category === c && (!needle || `${f.label} ${f.short}`.toLowerCase().includes(needle)));
              if (fields.length === 0) return null;
              return (
                <fieldset key={c} className="mb-2">
                  <legend className="px-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">{CATEGORY_LABELS[c]}</legend>
                  {fields.map((f) => {
                    const on = columns.includes(f.id);
                    return (
                      <label key={f.id} className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-muted">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand"
                          checked={on}
                          disabled={!on && full}
                          onChange={(e) => onChange(e.target.checked ? [...columns, f.id] : columns.filter((x) => x !== f.id))}
                          data-testid={`column-${f.id}`}
                        />
                        {f.label}
                      </label>
                    );
                  })}
                </fieldset>
              );
            })}
          </div>
          <div className="flex justify-between border-t border-border-subtle p-2">
            <button type="button" onClick={() => onChange(null)} className="rounded px-2 py-1 text-sm font-medium text-fg-secondary hover:bg-surface-subtle">
              Default columns
            </button>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                button.current?.focus();
              }}
              className="rounded bg-inverse px-3 py-1 text-sm font-medium text-on-inverse hover:bg-fg-secondary"
            >
              Done
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
