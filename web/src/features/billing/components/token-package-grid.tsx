import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { formatUsd } from '../../../lib/format.ts';
import type { TokenPackageInfo } from '../api/get-token-packages.ts';

/**
 * The four packages. With `onSelect` they are a radio group (top-up page); without, a static list.
 * `popularLabel` differs by page: "Most Popular" on /pricing, "Popular" elsewhere (SPEC §9).
 */
export function TokenPackageGrid({
  packages,
  selectedTokens,
  onSelect,
  popularLabel = 'Popular',
}: {
  packages: TokenPackageInfo[];
  selectedTokens?: number;
  onSelect?: (tokens: number) => void;
  popularLabel?: string;
}) {
  const selectable = Boolean(onSelect);
  const items = packages.map((p) => {
    const selected = selectable && selectedTokens === p.tokens;
    const body = (
      <>
        {p.popular && (
          <span className="absolute -top-2.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand px-2.5 py-0.5 text-xs font-semibold text-white">
            {popularLabel}
          </span>
        )}
        <span className="text-xs font-medium uppercase tracking-wide text-fg-subtle">{p.name}</span>
        <span className="mt-1 text-2xl font-bold text-fg tabular">{p.tokens}</span>
        <span className="text-sm text-fg-muted">tokens</span>
        <span className="mt-2 text-lg font-semibold text-fg tabular">{formatUsd(p.price_cents)}</span>
        <span className="text-xs text-fg-subtle">≈ {p.analyses} analyses</span>
        {selected && <Check className="absolute right-2 top-2 size-4 text-brand-fg" aria-hidden />}
      </>
    );
    const cls = cn(
      'relative flex flex-col items-center rounded-xl border bg-surface px-3 py-4 text-center shadow-sm',
      p.popular ? 'border-brand' : 'border-border',
      selectable && 'cursor-pointer transition-colors hover:border-brand has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus',
      selected && 'border-brand ring-2 ring-brand-muted',
    );
    return selectable ? (
      <label key={p.id} className={cls}>
        <input
          type="radio"
          name="token-package"
          className="sr-only"
          checked={selected}
          onChange={() => onSelect?.(p.tokens)}
          aria-label={`${p.name}: ${p.tokens} tokens for ${formatUsd(p.price_cents)}`}
        />
        {body}
      </label>
    ) : (
      <li key={p.id} className={cls}>
        {body}
      </li>
    );
  });
  const grid = 'grid grid-cols-2 gap-3 pt-2 lg:grid-cols-4';
  return selectable ? (
    <fieldset>
      <legend className="sr-only">Token packages</legend>
      <div className={grid}>{items}</div>
    </fieldset>
  ) : (
    <ul aria-label="Token packages" className={grid}>
      {items}
    </ul>
  );
}
