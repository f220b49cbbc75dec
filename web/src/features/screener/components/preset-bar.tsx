import { Sparkles } from 'lucide-react';
import type { ScreenerPreset } from '../../../../../core/screener/presets.ts';

/** One click per preset; the one the screen currently equals shows as pressed. */
export function PresetBar({ presets, activeId, onPick }: { presets: readonly ScreenerPreset[]; activeId: string | null; onPick: (p: ScreenerPreset) => void }) {
  return (
    <section aria-labelledby="presets-heading">
      <h2 id="presets-heading" className="flex items-center gap-1.5 text-sm font-semibold text-ink">
        <Sparkles className="size-4 text-brand-600" aria-hidden />
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
              className="rounded-full border whitespace-nowrap border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-500 hover:text-brand-700 aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-white"
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
