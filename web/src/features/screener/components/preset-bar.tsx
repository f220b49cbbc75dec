import { Sparkles } from 'lucide-react';
import type { ScreenerPreset } from '../../../../../core/screener/presets.ts';

/** One click per preset; the one the screen currently equals shows as pressed. */
export function PresetBar({ presets, activeId, onPick }: { presets: readonly ScreenerPreset[]; activeId: string | null; onPick: (p: ScreenerPreset) => void }) {
  return (
    <section aria-labelledby="presets-heading">
      <h2 id="presets-heading" className="flex items-center gap-1.5 text-sm font-semibold text-fg">
        <Sparkles className="size-4 text-brand-fg" aria-hidden />
        Presets
      </h2>
      {/* One swipeable row on a phone, wrapped on wider screens. */}
      <ul className="-mx-4 mt-2 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {presets.map((p) => (
          <li key={p.id} className="shrink-0">
            <button
              type="button"
              aria-pressed={activeId === p.id}
              title={p.description}
              onClick={() => onPick(p)}
              className="rounded-full border whitespace-nowrap border-border-strong bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:border-brand hover:text-brand-fg aria-pressed:border-fg aria-pressed:bg-inverse aria-pressed:text-on-inverse"
              data-testid={`preset-${p.id}`}
            >
              {p.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
