import { Award, TriangleAlert } from 'lucide-react';
import type { Standing } from '../../../../../core/compare/compare-rows.ts';

/** The cell tint of a standing; the words and the icon carry the meaning, the tint only repeats it. */
export const standingCellClass = (s: Standing) => (s === 'best' ? 'bg-positive-soft' : s === 'worst' ? 'bg-negative-soft' : '');

const CUES = {
  best: { Icon: Award, word: 'Best', className: 'bg-positive-muted text-positive-strong' },
  worst: { Icon: TriangleAlert, word: 'Worst', className: 'bg-negative-muted text-negative-strong' },
} as const;

/** "Best" or "Worst" in words with an icon, beside the value; nothing for the rest. */
export function StandingCue({ standing }: { standing: Standing }) {
  if (!standing) return null;
  const { Icon, word, className } = CUES[standing];
  return (
    <span className={`inline-flex items-center gap-0.5 rounded-full px-1.5 text-[11px] font-semibold ${className}`} data-standing={standing}>
      <Icon className="size-3" aria-hidden />
      {word}
    </span>
  );
}
