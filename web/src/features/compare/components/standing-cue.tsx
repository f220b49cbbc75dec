import { Award, TriangleAlert } from 'lucide-react';
import type { Standing } from '../../../../../core/compare/compare-rows.ts';

/** The cell tint of a standing; the words and the icon carry the meaning, the tint only repeats it. */
export const standingCellClass = (s: Standing) => (s === 'best' ? 'bg-emerald-50' : s === 'worst' ? 'bg-rose-50' : '');

/** "Best" or "Worst" in words with an icon, beside the value; nothing for the rest. */
export function StandingCue({ standing }: { standing: Standing }) {
  if (standing === 'best')
    return (
      <span className="inline-flex items-center gap-0.5 rounded-full bg-emerald-100 px-1.5 text-[11px] font-semibold text-emerald-800" data-standing="best">
        <Award className="size-3" aria-hidden />
        Best
      </span>
    );
  if (standing === 'worst')
    return (
      <span className="inline-flex items-center gap-0.5 rounded-full bg-rose-100 px-1.5 text-[11px] font-semibold text-rose-800" data-standing="worst">
        <TriangleAlert className="size-3" aria-hidden />
        Worst
      </span>
    );
  return null;
}
