import { ChevronDown, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { ScreenerCatalog } from '../api/get-fields.ts';
import { type ScreenState, setFilter } from '../screen-url.ts';
import { ChoiceFilter } from './choice-filter.tsx';
import { RangeFilter } from './range-filter.tsx';

type Edit = (change: (s: ScreenState) => ScreenState) => void;

/**
 * Every field of the catalog, grouped by category and searchable; a category with an active filter starts
 * open. `edit` applies a change to the screen as it is when the change lands (a bound applied after a
 * pause must not undo a newer edit).
 */
export function FilterPanel({ catalog, screen, edit }: { catalog: ScreenerCatalog; screen: ScreenState; edit: Edit }) {
  const [q, setQ] = useState('');
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const searchId = useId();
  const active = new Set(screen.filters.map((f) => f.field));
  const needle = q.trim().toLowerCase();
  const groups = useMemo(
    () =>
      catalog.categories
        .map((c) => ({
          ...c,
          fields: catalog.fields.filter((f) => f.category === c.id && (!needle || `${f.label} ${f.short} ${f.id} ${c.label}`.toLowerCase().includes(needle))),
        }))
        .filter((g) => g.fields.length > 0),
    [catalog, needle],
  );

  return (
    <div>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden />
        <label htmlFor={searchId} className="sr-only">
          Find a filter
        </label>
        <input
          id={searchId}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={`Find one of ${catalog.fields.length} filters`}
          className="h-10 w-full rounded-lg border border-border-strong bg-surface pr-3 pl-8 text-sm shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted"
        />
      </div>
      {groups.length === 0 && <p className="mt-4 text-sm text-fg-muted">No filter matches “{q}”.</p>}
      <div className="mt-3 divide-y divide-border border-y border-border">
        {groups.map((g) => {
          const activeHere = g.fields.filter((f) => active.has(f.id)).length;
          const open = needle !== '' || (toggled[g.id] ?? activeHere > 0);
          const panelId = `${searchId}-${g.id}`;
          return (
            <section key={g.id} aria-label={`${g.label} filters`}>
              <h3>
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setToggled((t) => ({ ...t, [g.id]: !open }))}
                  className="flex w-full items-center gap-2 py-2.5 text-left text-sm font-semibold text-fg hover:text-brand-fg"
                  data-testid={`category-${g.id}`}
                >
                  <ChevronDown className={`size-4 shrink-0 transition-transform ${open ? '' : '-rotate-90'}`} aria-hidden />
                  <span className="flex-1">{g.label}</span>
                  <span className="text-xs font-normal text-fg-muted">
                    {activeHere > 0 ? `${activeHere} on · ` : ''}
                    {g.fields.length}
                  </span>
                </button>
              </h3>
              {open && (
                <div id={panelId} className="divide-y divide-border-subtle pb-2 pl-1">
                  {g.fields.map((f) => {
                    const current = screen.filters.find((x) => x.field === f.id);
                    const d = f.distribution;
                    return d.kind === 'choice' ? (
                      <ChoiceFilter
                        key={f.id}
                        id={f.id}
                        label={f.label}
                        distribution={d}
                        values={current?.kind === 'choice' ? current.values : []}
                        onChange={(values) => edit((s) => setFilter(s, f.id, { kind: 'choice', field: f.id, values }))}
                      />
                    ) : (
                      <RangeFilter
                        key={f.id}
                        id={f.id}
                        label={f.label}
                        unit={f.unit}
                        distribution={d}
                        min={current?.kind === 'range' ? current.min : null}
                        max={current?.kind === 'range' ? current.max : null}
                        onChange={(min, max) => edit((s) => setFilter(s, f.id, { kind: 'range', field: f.id, min, max }))}
                      />
                    );
                  })}
                </div>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
