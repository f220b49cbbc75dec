import type { Coverage } from '../api/search-symbols.ts';

/** What can be analysed for a symbol, in words. */
export function describeCoverage(c: Coverage): string[] {
  const out: string[] = [];
  if (c.history === 'daily') out.push('Daily price history');
  if (c.history === 'monthly') out.push('Monthly price history');
  if (c.fundamentals) out.push('Fundamentals');
  if (c.etf) out.push('ETF holdings & costs');
  if (c.dividends) out.push('Dividends');
  return out;
}

export function CoverageBadges({ coverage }: { coverage: Coverage }) {
  const items = describeCoverage(coverage);
  if (items.length === 0) return <span className="text-xs text-fg-subtle">Listed only: no data to analyse yet</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Available data">
      {items.map((i) => (
        <li key={i} className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-fg">
          {i}
        </li>
      ))}
    </ul>
  );
}
