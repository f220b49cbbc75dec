import { useEffect, useId, useRef, useState } from 'react';
import type { FieldUnit } from '../../../../../core/screener/fields.ts';
import type { RangeDistribution } from '../../../../../core/screener/screener-types.ts';
import { describeDistribution, describeUnit, formatBound, parseBound } from '../format-value.ts';
import { DistributionHistogram } from './distribution-histogram.tsx';

const COMMIT_AFTER_MS = 700;
const isBad = (v: number | null) => v !== null && !Number.isFinite(v);

/**
 * Min and max for one numeric field beside its distribution. A bound applies when typing pauses, on Enter
 * or on leaving the box; an empty box is no bound; money takes K/M/B/T; min above max is refused in place.
 */
export function RangeFilter({
  id: fieldId,
  label,
  unit,
  distribution,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  unit: FieldUnit;
  distribution: RangeDistribution;
  min: number | null;
  max: number | null;
  onChange: (min: number | null, max: number | null) => void;
}) {
  const id = useId();
  const [lo, setLo] = useState(formatBound(min, unit));
  const [hi, setHi] = useState(formatBound(max, unit));
  const timer = useRef<number | undefined>(undefined);
  // Back/forward, a preset or "clear all" change the applied bounds: show them.
  useEffect(() => setLo(formatBound(min, unit)), [min, unit]);
  useEffect(() => setHi(formatBound(max, unit)), [max, unit]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const a = parseBound(lo);
  const b = parseBound(hi);
  const error =
    isBad(a) || isBad(b)
      ? `Enter a number${unit === 'usd' ? ' (10B, 500M and 2.5K work)' : ''}.`
      : a !== null && b !== null && a > b
        ? 'Min is above max.'
        : null;

  const commit = (nextLo: string, nextHi: string) => {
    window.clearTimeout(timer.current);
    const x = parseBound(nextLo);
    const y = parseBound(nextHi);
    if (isBad(x) || isBad(y) || (x !== null && y !== null && x > y)) return;
    if (x !== min || y !== max) onChange(x, y);
  };
  const schedule = (nextLo: string, nextHi: string) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => commit(nextLo, nextHi), COMMIT_AFTER_MS);
  };
  const suffix = describeUnit(unit);
  const noteId = `${id}-note`;
  const inputClass =
    'h-9 w-full min-w-0 rounded-md border border-border-strong bg-surface px-2 text-sm tabular shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted aria-[invalid=true]:border-negative';
  const box = (which: 'min' | 'max') => {
    const value = which === 'min' ? lo : hi;
    return (
      <label className="flex flex-col text-xs text-fg-muted">
        {which === 'min' ? 'Min' : 'Max'}
        <input
          type="text"
          inputMode={unit === 'usd' ? 'text' : 'decimal'}
          autoComplete="off"
          className={inputClass}
          value={value}
          aria-invalid={Boolean(error) && value !== ''}
          aria-describedby={noteId}
          onChange={(e) => {
            const v = e.target.value;
            if (which === 'min') setLo(v);
            else setHi(v);
            schedule(which === 'min' ? v : lo, which === 'max' ? v : hi);
          }}
          onBlur={() => commit(lo, hi)}
          onKeyDown={(e) => e.key === 'Enter' && commit(lo, hi)}
          data-testid={`filter-${fieldId}-${which}`}
        />
      </label>
    );
  };

  return (
    <fieldset className="py-2">
      <legend className="text-sm font-medium text-fg">
        {label}
        {suffix && <span className="font-normal text-fg-subtle"> ({suffix})</span>}
      </legend>
      <div className="mt-1 flex items-end gap-2">
        {distribution.bins.length > 0 && (
          <DistributionHistogram
            counts={distribution.bins.map((x) => x.count)}
            edges={[...distribution.bins.map((x) => x.from), distribution.bins[distribution.bins.length - 1]!.to]}
            min={a !== null && Number.isFinite(a) ? a : null}
            max={b !== null && Number.isFinite(b) ? b : null}
          />
        )}
        <div className="grid flex-1 grid-cols-2 gap-1.5">
          {box('min')}
          {box('max')}
        </div>
      </div>
      <p id={noteId} className={`mt-1 text-xs ${error ? 'text-negative' : 'text-fg-subtle'}`} role={error ? 'alert' : undefined}>
        {error ?? describeDistribution(distribution, unit)}
      </p>
    </fieldset>
  );
}
