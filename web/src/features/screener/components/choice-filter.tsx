import { useId, useState } from 'react';
import type { ChoiceDistribution } from '../../../../../core/screener/screener-types.ts';

const SEARCH_FROM = 12;

/** Tick boxes for a field with named values (sector, industry, rating), each with how many of the universe have it. */
export function ChoiceFilter({
  id: fieldId,
  label,
  distribution,
  values,
  onChange,
}: {
  id: string;
  label: string;
  distribution: ChoiceDistribution;
  values: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const [q, setQ] = useState('');
  const searchId = useId();
  const options = distribution.options;
  const top = Math.max(1, ...options.map((c) => c.count));
  const needle = q.trim().toLowerCase();
  const shown = needle ? options.filter((c) => c.value.toLowerCase().includes(needle)) : options;
  const toggle = (v: string, on: boolean) => onChange(on ? [...values, v] : values.filter((x) => x !== v));
  const name = label.toLowerCase();
  return (
    <fieldset className="py-2">
      <legend className="text-sm font-medium text-fg">
        {label}
        {values.length > 0 && <span className="font-normal text-fg-subtle"> ({values.length} chosen)</span>}
      </legend>
      {options.length >= SEARCH_FROM && (
        <>
          <label htmlFor={searchId} className="sr-only">
            Find in {name}
          </label>
          <input
            id={searchId}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={`Find in ${options.length} values`}
            className="mt-1 h-8 w-full rounded-md border border-border-strong px-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted"
          />
        </>
      )}
      <ul className="mt-1 max-h-56 space-y-0.5 overflow-y-auto pr-1">
        {shown.map((c) => (
          <li key={c.value}>
            <label className="relative flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-muted">
              {/* The bar behind the name is the value's share of the universe, next to the count. */}
              <span className="absolute inset-y-1 left-0 rounded bg-brand-soft" style={{ width: `${(100 * c.count) / top}%` }} aria-hidden />
              <input
                type="checkbox"
                className="relative size-4 accent-brand"
                checked={values.includes(c.value)}
                onChange={(e) => toggle(c.value, e.target.checked)}
                data-testid={`filter-${fieldId}-${c.value}`}
              />
              <span className="relative min-w-0 flex-1 truncate text-fg">{c.value}</span>
              <span className="relative text-xs text-fg-muted tabular">{c.count}</span>
            </label>
          </li>
        ))}
        {shown.length === 0 && (
          <li className="px-1 py-1 text-sm text-fg-muted">
            Nothing in {name} matches “{q}”.
          </li>
        )}
      </ul>
    </fieldset>
  );
}
