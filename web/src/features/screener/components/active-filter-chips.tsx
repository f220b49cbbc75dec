import { X } from 'lucide-react';
import { findField } from '../../../../../core/screener/fields.ts';
import { formatLimit } from '../format-value.ts';
import type { ScreenFilter } from '../screen-url.ts';

/** "P/E ≤ 20", "ROIC ≥ 15%", "Sector: Energy, Utilities". */
export function describeFilter(f: ScreenFilter): string {
  const field = findField(f.field);
  const label = field?.short ?? f.field;
  if (f.kind === 'choice') {
    const names = f.values;
    return `${label}: ${names.length > 2 ? `${names.slice(0, 2).join(', ')} +${names.length - 2}` : names.join(', ')}`;
  }
  const v = (x: number) => formatLimit(x, field?.unit ?? 'ratio');
  if (f.min !== null && f.max !== null) return `${label} ${v(f.min)} to ${v(f.max)}`;
  return f.min !== null ? `${label} ≥ ${v(f.min)}` : `${label} ≤ ${v(f.max!)}`;
}

/** One chip per active filter, each removable, and "Clear all". */
export function ActiveFilterChips({ filters, onRemove, onClear }: { filters: ScreenFilter[]; onRemove: (field: string) => void; onClear: () => void }) {
  if (filters.length === 0)
    return <p className="text-sm text-fg-muted">No filters: every stock and ETF in the universe is listed. Pick a preset or a filter.</p>;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {filters.map((f) => {
        const text = describeFilter(f);
        return (
          <li key={f.field}>
            <span className="inline-flex items-center gap-1 rounded-full border border-brand-muted bg-brand-soft py-0.5 pr-1 pl-3 text-sm text-brand-fg">
              {text}
              <button type="button" onClick={() => onRemove(f.field)} className="rounded-full p-1 hover:bg-brand-muted" aria-label={`Remove filter ${text}`}>
                <X className="size-3.5" aria-hidden />
              </button>
            </span>
          </li>
        );
      })}
      <li>
        <button type="button" onClick={onClear} className="rounded px-2 py-1 text-sm font-medium text-fg-secondary underline-offset-4 hover:underline">
          Clear all
        </button>
      </li>
    </ul>
  );
}
