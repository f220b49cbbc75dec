import { buildHistogram } from '../chart-geometry.ts';

const W = 120;
const H = 28;

/**
 * How the universe spreads over one field, with the part the filter keeps in brand colour. Decorative for
 * screen readers: the same facts are in the inputs' hint (range and median).
 */
export function DistributionHistogram({
  counts,
  edges,
  min,
  max,
}: {
  counts: readonly number[];
  edges: readonly number[];
  min: number | null;
  max: number | null;
}) {
  const bars = buildHistogram(counts, edges, W, H, min, max);
  return (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden className="block shrink-0" preserveAspectRatio="none">
      {bars.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: bins are positional
        <rect key={i} x={b.x} y={H - b.height} width={b.width} height={b.height} rx={0.5} className={b.selected ? 'fill-brand' : 'fill-surface-strong'} />
      ))}
    </svg>
  );
}
